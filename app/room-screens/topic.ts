/** The bus topic of an event's monitor settings: a save reaches the screens showing them. */
export const monitorTopic = (eventId: number) => `monitors:${eventId}`;
