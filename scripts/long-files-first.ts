/**
 * The order Vitest starts test files in: Vitest's own (groups in order, failed and slow files first
 * when it has timings), except that within a group the end-to-end files start first. Vitest orders
 * projects by name, so the end-to-end files (each minutes long) waited behind every unit file and
 * ran last on one worker; started first, the short unit files fill the other worker around them.
 */
import { BaseSequencer, type TestSpecification } from 'vitest/node'

const STARTS_FIRST = new Set(['e2e'])

/** Vitest's sequencer with the end-to-end project moved to the front of its group. */
export class LongFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files)
    const rank = (spec: TestSpecification) => (STARTS_FIRST.has(spec.project.name) ? 0 : 1)
    // A stable sort: the group order stays first, Vitest's order stays within each rank.
    return [...sorted].sort((a, b) => a.project.config.sequence.groupOrder - b.project.config.sequence.groupOrder || rank(a) - rank(b))
  }
}
