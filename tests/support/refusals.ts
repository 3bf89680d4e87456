import { Refusal } from "~/forms/refusal";

/** The Refusal a piece of work ends in, as its message and field; any other outcome fails the test. */
export async function refusalOf(work: Promise<unknown>) {
  try {
    await work;
  } catch (error) {
    if (error instanceof Refusal) return { message: error.message, field: error.field };
    throw error;
  }
  throw new Error("expected a refusal");
}
