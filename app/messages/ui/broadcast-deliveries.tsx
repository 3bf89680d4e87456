import type { broadcastDeliveries } from "../broadcasts.server";
import type { SerializeFrom } from "@remix-run/node";

/** Each recipient of one send to guests: whether it went, the provider's reason, the tries. */
export function BroadcastDeliveries({
  broadcast,
}: {
  broadcast: { subject: string | null; body: string; deliveries: SerializeFrom<typeof broadcastDeliveries> };
}) {
  return (
    <section aria-labelledby="deliveries-title">
      <h2 id="deliveries-title">Delivery of “{broadcast.subject ?? broadcast.body.slice(0, 40)}”</h2>
      <table className="data-table">
        <thead>
          <tr>
            <th scope="col">To</th>
            <th scope="col">Status</th>
            <th scope="col">Reason</th>
            <th scope="col">Tries</th>
          </tr>
        </thead>
        <tbody>
          {broadcast.deliveries.map((delivery) => (
            <tr key={delivery.id}>
              <td>{delivery.to}</td>
              <td className={`delivery-status--${delivery.status}`}>{delivery.status}</td>
              <td>{delivery.reason ?? ""}</td>
              <td>{delivery.attempts}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
