/**
 * One line per client address for password sign-ins. Verifying a password spends a core on purpose (argon2id, about
 * 11 ms each), and answering even a refused attempt renders the sign-in page, so a burst of guesses from one
 * address, 16 at a time, took both cores and slowed every other visitor's pages (docs/reliability.md, drill 4). In
 * the line, one address's attempts run one at a time, each starting at least `spacingMs` after the one before, while
 * the rest wait their turn; a line already `maxWaiting` long refuses at once. Each turn reads the failure limits
 * afresh, so once the address's ceiling is reached the attempts still waiting are refused without hashing.
 *
 * The lines live in the process: with N processes an address has N lines, so N times the pace. That is the point:
 * the pace bounds the CPU one address can take from each process, whatever it sends.
 */

export type PasswordCheckPace = { spacingMs: number; maxWaiting: number };

/** Ten attempts a second per address and process leaves a venue's shared address room for a team signing in at once. */
export const PASSWORD_CHECK_PACE: PasswordCheckPace = { spacingMs: 100, maxWaiting: 20 };

type Line = { tail: Promise<void>; waiting: number; lastStartedAt: number };

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function passwordCheckLines(pace: PasswordCheckPace = PASSWORD_CHECK_PACE) {
  const lines = new Map<string, Line>();

  /** Forgets an idle line once its spacing has passed, so that the map holds only addresses checking now. */
  function forgetWhenIdle(address: string, line: Line) {
    setTimeout(() => {
      if (line.waiting === 0 && lines.get(address) === line) lines.delete(address);
    }, pace.spacingMs).unref();
  }

  return {
    /** Runs `work` in the address's line; `undefined` when the line is full and the attempt is refused unseen. */
    async inTurn<T>(address: string, work: () => Promise<T>): Promise<T | undefined> {
      let line = lines.get(address);
      if (!line) {
        line = { tail: Promise.resolve(), waiting: 0, lastStartedAt: -Infinity };
        lines.set(address, line);
      }
      if (line.waiting >= pace.maxWaiting) return undefined;
      line.waiting++;
      const previous = line.tail;
      let endTurn!: () => void;
      line.tail = new Promise((resolve) => (endTurn = resolve));
      const current = line;
      try {
        await previous;
        const wait = current.lastStartedAt + pace.spacingMs - Date.now();
        if (wait > 0) await sleep(wait);
        current.lastStartedAt = Date.now();
        return await work();
      } finally {
        endTurn();
        if (--current.waiting === 0) forgetWhenIdle(address, current);
      }
    },
    /** How many addresses have a line now (for tests). */
    get size() {
      return lines.size;
    },
  };
}
