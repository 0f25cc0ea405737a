import { data } from 'react-router';
import { customReplyBy, isoDay } from '@everstone/contract/core';
import type { Route } from './+types/custom-rings';
import { findOffer } from '../content/offers';
import { OfferPage } from '../features/content/offer-page';
import { CustomRingForm, EMPTY, sendCustomRequest, type Field, type Values } from '../features/custom-rings/custom-ring-form';
import { serverApi } from '../lib/api';
import { pageMeta } from '../lib/seo';
import pagesHref from '../styles/pages.css?url';
import href from '../styles/special-requests.css?url';

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: pagesHref },
  { rel: 'stylesheet', href },
];

/** /custom-rings: the offer's editorial around a custom design request (SPEC §1: a reply within a day). */
export function loader() {
  const offer = findOffer('custom-rings');
  if (!offer) throw data(null, { status: 404 });
  // The day a request sent now is answered by, on the store's calendar: the page promises what the API will.
  return { offer, replyBy: isoDay(customReplyBy(new Date())) };
}

export const meta: Route.MetaFunction = (args) => {
  const offer = args.loaderData?.offer;
  if (!offer) return [{ title: 'Page not found | Everstone' }, { name: 'robots', content: 'noindex' }];
  return pageMeta(args, { title: offer.metaTitle ?? offer.title, description: offer.lead, image: offer.image.src });
};

/** Without JavaScript the form posts here (its pictures need JavaScript; the rest goes to the same API). */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const values = Object.fromEntries(
    (Object.keys(EMPTY) as Field[]).map((field) => {
      const value = form.get(field);
      return [field, typeof value === 'string' ? value : ''];
    }),
  ) as Values;
  const outcome = await sendCustomRequest(serverApi(context), values, []);
  const status = outcome.kind === 'sent' ? 201 : outcome.kind === 'invalid' ? 422 : 502;
  return data({ outcome, values: outcome.kind === 'sent' ? EMPTY : values }, { status });
}

export default function CustomRings({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <OfferPage content={loaderData.offer}>
      <section id="custom-ring-request" className="pg-section cr-section" aria-label="Custom ring request">
        <div className="pg-inner">
          <CustomRingForm replyBy={loaderData.replyBy} initial={actionData} />
        </div>
      </section>
    </OfferPage>
  );
}
