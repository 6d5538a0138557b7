/** The floor page: a loader returning 20 rows, rendered as a table. */
import { useLoaderData } from '@remix-run/react';

export function loader() {
  return {
    rows: Array.from({ length: 20 }, (_, i) => ({
      id: i + 1,
      name: `Event ${i + 1}`,
      city: 'Murrieta',
      date: `2026-05-${String(i + 1).padStart(2, '0')}`,
    })),
  };
}

export default function Floor() {
  const { rows } = useLoaderData<typeof loader>();
  return (
    <main>
      <h1>Floor</h1>
      <table>
        <tbody>
          {rows.map((r) => (
            <tr key={r.id}>
              <td>{r.name}</td>
              <td>{r.city}</td>
              <td>{r.date}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </main>
  );
}
