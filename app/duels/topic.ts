/** The bus topic of an event's duels: a gift or a change of settings reaches /duel and the room. */
export const duelTopic = (eventId: number) => `duels:${eventId}`;
