/**
 * The README's quick start names every port the demo reads from the environment, with its default,
 * as demo/server/demo-config.ts has them.
 */
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { expect, it } from 'vitest'
import { readDemoConfig } from '../../demo/server/demo-config'
import { ROOT } from '../packaging/pack-packages'

const readme = readFileSync(path.join(ROOT, 'README.md'), 'utf8')
const quickStart = readme.slice(readme.indexOf('## Quick start'), readme.indexOf('\n## ', readme.indexOf('## Quick start') + 1))
const PORT_CALL = /port\(env, '(\w+)', (\d+)\)/g

it('the quick start names each port variable of the demo and its default', () => {
  const source = readFileSync(path.join(ROOT, 'demo/server/demo-config.ts'), 'utf8')
  const ports = [...source.matchAll(PORT_CALL)].map((m) => ({ name: m[1]!, fallback: Number(m[2]) }))
  expect(ports.map((p) => p.name)).toEqual(['DEMO_PORT', 'DEMO_SANDBOX_PORT', 'DEMO_MCP_PORT'])
  for (const { name, fallback } of ports) expect(quickStart).toMatch(new RegExp(`\`${name}\`\\s+\\([^)]*${fallback}\\)`))
})

it('the example command in the quick start sets the ports the demo then listens on', () => {
  const command = /`((?:DEMO_\w+=\d+ )+)npm start`/.exec(quickStart)?.[1]
  expect(command).toBeDefined()
  const env = Object.fromEntries(command!.trim().split(' ').map((pair) => pair.split('=') as [string, string]))
  expect(readDemoConfig(env)).toMatchObject({ port: 8080, sandboxPort: 8081, mcpPort: 8082 })
})
