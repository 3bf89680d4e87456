/** The bus topic of an event's cash desks: told of each conflict of a payment taken offline. */
export const deskTopic = (eventId: number) => `desk:${eventId}`;
