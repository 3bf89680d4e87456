/** The bus topic of an event's paddle raises: every pledge, cancel and correction is announced on it. */
export const paddleRaiseTopic = (eventId: number) => `paddle-raise:${eventId}`;
