// Why a step in the Steps tab reads as it does where it could look wrong (issue 37, item 9): a step that shows 0
// says what it times (ping-pong's c.recv is 0 whenever the reply came in one read), and a step present in part of
// the point's calls says in how many and why, so its mean is not read as the mean of every call.
import type { LadderStep } from "../../charts/stepLadder/ladder";
import { formatCount } from "../../format";
import { STEPS } from "../../steps.generated";

const segmentOf = new Map(STEPS.map((s) => [s.code, s.segment]));

/** What a step times (agents/steps.toml), for its name's title. */
export const stepSegment = (code: number): string | undefined => segmentOf.get(code);
const KERNEL_CODES = 200; // the registry's kernel steps are 2xx (agents/steps.toml)

/** "6,769 of 10,000" when the step ran in fewer than the point's calls, else null. */
export function partialCalls(step: Pick<LadderStep, "count">, calls: number): string | null {
  return step.count < calls ? `${formatCount(step.count)} of ${formatCount(calls)}` : null;
}

/** One sentence per step that shows 0 or ran in part of the calls; [] when every step is plain. */
export function stepNotes(steps: Pick<LadderStep, "code" | "name" | "count" | "meanNs">[], calls: number): string[] {
  const notes: string[] = [];
  for (const s of steps) {
    const segment = segmentOf.get(s.code);
    if (Math.round(s.meanNs) === 0 && segment) notes.push(`${s.name} shows 0 ns: it times ${segment}.`);
    const part = partialCalls(s, calls);
    if (!part) continue;
    notes.push(s.code >= KERNEL_CODES
      ? `${s.name} is in ${part} calls: the kernel stamps it only when the packet carried a timestamp no later ` +
        "than the process's own clock read, and the agent leaves the step out of the other calls " +
        "(agents/src/wire/batch.c); its times are over the calls that have it."
      : `${s.name} ran in ${part} calls; its times are over the calls that ran it.`);
  }
  return notes;
}
