import { data } from 'react-router';

export function meta() {
  return [{ title: 'Page not found | Everstone' }, { name: 'robots', content: 'noindex' }];
}

export function loader() {
  throw data(null, { status: 404 });
}

export default function NotFound() {
  return null;
}
