import { diamondListResponseSchema } from '@everstone/contract';
import type { Route } from './+types/home';
import { appContext } from '../lib/app-context';

export function meta() {
  return [
    { title: 'Everstone | Certified Diamonds, Engagement Rings & Fine Jewelry' },
    {
      name: 'description',
      content: 'Certified lab-grown, natural and color diamonds, engagement rings, wedding bands and fine jewelry.',
    },
  ];
}

export async function loader({ context }: Route.LoaderArgs) {
  const api = context.get(appContext).api;
  const count = async (tab: number) => {
    const res = await api(`/api/get-all-diamonds?active_tab=${tab}&per_page=1`);
    if (!res.ok) return null;
    return diamondListResponseSchema.parse(await res.json()).total;
  };
  const [natural, lab, color] = await Promise.all([count(1), count(2), count(3)]);
  return { inventory: { natural, lab, color } };
}

const number = new Intl.NumberFormat('en-US');

export default function Home({ loaderData }: Route.ComponentProps) {
  const { natural, lab, color } = loaderData.inventory;
  return (
    <section className="hero" aria-labelledby="hero-title">
      <h1 id="hero-title">The Perfect Beginning</h1>
      <p className="hero-lead">Certified diamonds, engagement rings and fine jewelry, made to last a lifetime.</p>
      {lab !== null && natural !== null && color !== null ? (
        <p className="inventory-line">
          {`${number.format(lab)} lab-grown, ${number.format(natural)} natural and ${number.format(color)} color diamonds in our inventory today.`}
        </p>
      ) : (
        <p className="inventory-line">Our diamond inventory is being updated. Please check back shortly.</p>
      )}
    </section>
  );
}
