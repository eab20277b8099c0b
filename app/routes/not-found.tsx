/** Every path no route claims: a real 404 status with the error page inside the site frame. */
import { data } from 'react-router';

export async function loader() {
  throw data(null, { status: 404 });
}

export default function NotFound() {
  return null;
}
