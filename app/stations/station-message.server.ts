/**
 * For stations whose actions answer one message (the live clerk, the paddle-raise console, the cash desk): the
 * message as the station's answer, a Refusal as a conflict with the room's state, a form that does not parse as
 * refused, with the field each is about.
 */
import { Refusal } from "~/forms/refusal";
import type { EntryOutcome, StationMessage } from "./station-entry";
import type { StationAction } from "./station-sync.server";
import type { FormReply } from "~/forms/form-contract";

/** The actions, each answering a StationMessage instead of its message (or its Refusal). */
export function messageActions(actions: Record<string, StationAction<string>>) {
  return Object.fromEntries(
    Object.entries(actions).map(([intent, action]) => [
      intent,
      {
        ...action,
        run: async (call, input) => {
          try {
            return { tone: "success", message: await action.run(call, input) };
          } catch (error) {
            if (error instanceof Refusal) return { tone: "info", message: error.message, field: error.field };
            throw error;
          }
        },
      } satisfies StationAction<StationMessage>,
    ]),
  );
}

/** What stationSync needs to read a StationMessage. */
export const messageAnswers = {
  outcomeOf: (answer: StationMessage): EntryOutcome =>
    answer.tone === "success" ? "done" : answer.tone === "info" ? "conflict" : "refused",
  messageOf: (answer: StationMessage) => answer.message,
  refusal: (reply: FormReply): StationMessage => {
    const [field, messages] = Object.entries(reply.error ?? {}).find(([, list]) => list?.length) ?? ["", []];
    return { tone: "error", message: messages?.[0] ?? "This entry could not be read.", field: field || undefined };
  },
};
