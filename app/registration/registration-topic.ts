/** The realtime topic of an event's registrations and check-ins: staff screens (door, seating) follow it. */
export const registrationTopic = (eventId: number) => `registration:${eventId}`;
