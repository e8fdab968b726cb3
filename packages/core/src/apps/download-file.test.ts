// @module-tag security
import { describe, expect, it } from 'vitest'
import { downloadFileBytes, isDangerousDownload, sanitizeFileName } from './download-file'

describe('sanitizeFileName', () => {
  it('keeps the last path segment only, decoded, and never a path', () => {
    expect(sanitizeFileName('file:///exports/report.json')).toBe('report.json')
    expect(sanitizeFileName('file:///x/..%2F..%2F.ssh%2Fauthorized_keys')).toBe('authorized_keys')
    expect(sanitizeFileName('C:\\Users\\me\\notes.txt')).toBe('notes.txt')
    expect(sanitizeFileName('file:///%E2%82%AC%20budget.csv')).toBe('€ budget.csv')
  })

  it('removes control, reserved and bidi characters, leading dots and device names', () => {
    expect(sanitizeFileName('file:///a<b>c:d"e|f%3Fg*h.txt')).toBe('a_b_c_d_e_f_g_h.txt')
    expect(sanitizeFileName('file:///invoice\u202Efdp.exe')).toBe('invoice_fdp.exe')
    expect(sanitizeFileName('file:///.bashrc')).toBe('bashrc')
    expect(sanitizeFileName('file:///CON.txt')).toBe('_CON.txt')
    expect(sanitizeFileName('file:///...')).toBe('download')
  })

  it('adds an extension from the type when there is none, and keeps the extension when cutting a long name', () => {
    expect(sanitizeFileName('file:///chart', 'image/svg+xml')).toBe('chart.svg')
    expect(sanitizeFileName('file:///chart', 'application/x-unknown')).toBe('chart')
    const long = sanitizeFileName(`file:///${'a'.repeat(300)}.json`)
    expect(long).toHaveLength(120)
    expect(long.endsWith('.json')).toBe(true)
  })
})

describe('isDangerousDownload', () => {
  it('refuses programs and scripts by extension or type, and allows documents and images', () => {
    for (const name of ['setup.exe', 'run.SH', 'x.ps1', 'a.jar', 'm.msi', 'k.lnk']) expect(isDangerousDownload(name), name).toBe(true)
    expect(isDangerousDownload('x.bin', 'application/x-msdownload')).toBe(true)
    for (const name of ['data.json', 'chart.svg', 'photo.png', 'report.pdf', 'page.html', 'Makefile']) expect(isDangerousDownload(name), name).toBe(false)
  })
})

describe('downloadFileBytes', () => {
  it('encodes text as UTF-8 and decodes base64 exactly', () => {
    expect([...downloadFileBytes({ kind: 'embedded', fileName: 'a', mimeType: 'text/plain', size: 2, data: 'é', encoding: 'utf8' })]).toEqual([0xc3, 0xa9])
    expect([...downloadFileBytes({ kind: 'embedded', fileName: 'a', mimeType: 'x', size: 3, data: 'AP8Q', encoding: 'base64' })]).toEqual([0, 255, 16])
  })
})
