import { data } from 'react-router';
import { CUSTOM_RING_MESSAGES, customReplyBy, isoDay } from '@everstone/contract/core';
import type { Route } from './+types/custom-rings';
import { findOffer } from '../content/offers';
import { OfferPage } from '../features/content/offer-page';
import { CUSTOM_RING_FIELDS, CustomRingForm, sendCustomRequest } from '../features/custom-rings/custom-ring-form';
import { formClientAction, readForm, replyWith } from '../components/ui/form';
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

/**
 * The request's one path, with or without scripts: the form goes to the API in-process. Its pictures cannot travel in
 * a page's form post (page routes take urlencoded bodies of at most 64 KB), so the browser uploads each one first and
 * the form posts their ids, one hidden `images` field each; without scripts there are none (choosing pictures needs
 * them). The request needs no session (guests welcome), so nothing holds it in the browser.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const images = form.getAll('images').filter((id): id is string => typeof id === 'string');
  return replyWith(await sendCustomRequest(serverApi(context), readForm(form, CUSTOM_RING_FIELDS), images));
}

export const clientAction = formClientAction(CUSTOM_RING_FIELDS, CUSTOM_RING_MESSAGES.failure);

export default function CustomRings({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <OfferPage content={loaderData.offer}>
      <section id="custom-ring-request" className="pg-section cr-section" aria-label="Custom ring request">
        <div className="pg-inner">
          <CustomRingForm replyBy={loaderData.replyBy} answer={actionData} />
        </div>
      </section>
    </OfferPage>
  );
}
