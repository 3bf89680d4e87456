/** The bus topic of an event's donations: every gift recorded, changed or refunded is announced on it (the monitors). */
export const donationTopic = (eventId: number) => `donations:${eventId}`;
