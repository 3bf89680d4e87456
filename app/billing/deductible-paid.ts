/**
 * The deductible part of what a guest paid on their invoice (docs/money.md, DOMAIN "Money": what is paid above fair
 * market value). The invoice's payments, less refunds, pay its lines oldest first, as the ledger applies them; of
 * what reaches a line, the part that is not deductible (its fair market value; the whole of a priceless item or a
 * raffle ticket) is paid first, so only what is paid beyond it is deductible. A part-paid invoice therefore has a
 * deductible part only for what was paid, never for what is still owed.
 */

export interface OwedLine {
  description: string;
  /** What the line asks for, net of the comps and reversals that undo it (cents). */
  amount: number;
  /** Its deductible part as billed, net of the same (cents); 0 for raffle tickets and priceless items. */
  deductible: number;
}

export interface PaidLine {
  description: string;
  paid: number;
  deductible: number;
}

/** What `paid` pays of each line, and the deductible part of that, oldest line first. */
export function paidLines(lines: readonly OwedLine[], paid: number): PaidLine[] {
  let left = Math.max(0, paid);
  return lines.map((line) => {
    const applied = Math.min(left, Math.max(0, line.amount));
    left -= applied;
    const notDeductible = line.amount - line.deductible;
    return {
      description: line.description,
      paid: applied,
      deductible: Math.min(Math.max(0, line.deductible), Math.max(0, applied - notDeductible)),
    };
  });
}

/** What the payments of a period paid of each line: those made up to its end, less those made before it began. */
export function paidInPeriod(lines: readonly OwedLine[], paidBefore: number, paidDuring: number): PaidLine[] {
  const before = paidLines(lines, paidBefore);
  return paidLines(lines, paidBefore + paidDuring)
    .map((line, index) => ({
      description: line.description,
      paid: line.paid - before[index].paid,
      deductible: line.deductible - before[index].deductible,
    }))
    .filter((line) => line.paid !== 0);
}

/** An invoice line as stored: what `owedLines` reads of it. */
export interface StoredLine {
  invoice_line_id: number;
  source: string;
  description: string;
  amount: number;
  deductible: number;
  reverses_line_id: number | null;
}

/**
 * An invoice's lines as the payments pay them: each line net of the comps and reversals that undo it, refunds left
 * out (they come off the payments instead), raffle tickets never deductible whatever the line says. The tax report
 * builds the same in SQL (app/reporting/tax.server.ts).
 */
export function owedLines(lines: readonly StoredLine[]): OwedLine[] {
  const undone = new Map<number, { amount: number; deductible: number }>();
  for (const line of lines) {
    if (line.reverses_line_id === null) continue;
    const sum = undone.get(line.reverses_line_id) ?? { amount: 0, deductible: 0 };
    undone.set(line.reverses_line_id, {
      amount: sum.amount + line.amount,
      deductible: sum.deductible + line.deductible,
    });
  }
  return lines
    .filter((line) => line.reverses_line_id === null && line.source !== "refund")
    .map((line) => {
      const less = undone.get(line.invoice_line_id) ?? { amount: 0, deductible: 0 };
      return {
        description: line.description,
        amount: line.amount + less.amount,
        deductible: line.source === "raffle" ? 0 : line.deductible + less.deductible,
      };
    });
}

/** The deductible part of what was paid on an invoice (payments less refunds): what its receipt says. */
export const deductiblePaid = (lines: readonly StoredLine[], paid: number) =>
  paidLines(owedLines(lines), paid).reduce((sum, line) => sum + line.deductible, 0);
