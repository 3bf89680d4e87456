/** The bus topic of an event's raffles: every sale and every draw is announced on it (the desk and the monitors). */
export const raffleTopic = (eventId: number) => `raffles:${eventId}`;
