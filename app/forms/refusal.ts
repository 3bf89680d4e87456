/**
 * A typed refusal: a domain function refuses what it was asked because a rule of the product forbids it (a donor
 * who gave items cannot be deleted; a prize already drawn cannot change). The message is for the person who asked.
 * Routes map a refusal to a 400 answer shown beside the field it names, or above the form or list; anything else
 * thrown is a bug and becomes a 500.
 */
export class Refusal extends Error {
  /** The form field the refusal is about, when there is one. */
  readonly field: string | undefined;

  constructor(message: string, field?: string) {
    super(message);
    this.name = new.target.name;
    this.field = field;
  }
}
