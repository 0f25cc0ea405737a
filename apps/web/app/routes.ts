import { type RouteConfig, index, layout, prefix, route } from '@react-router/dev/routes';
import { DEPARTMENTS } from '@everstone/contract/core';

/** Every page of the store (SPEC §2 route table). */
export default [
  index('routes/home.tsx'),
  route('contact', 'routes/contact.tsx'),
  route('engagement', 'routes/engagement.tsx'),
  route('wedding-brands', 'routes/wedding-bands.tsx'),
  route('about', 'routes/about.tsx'),
  route('terms', 'routes/terms.tsx'),
  route('policy', 'routes/policy.tsx'),
  route('engagement-ring-style', 'routes/education/engagement-ring-style.tsx'),
  route('pages/:slug', 'routes/education/guide.tsx'),

  // Offers linked from menus and the footer that are forms, around their text in app/content/offers/.
  route('custom-rings', 'routes/custom-rings.tsx'),
  route('home-preview', 'routes/home-preview.tsx'),

  // The jewelry: one listing module at each department's path (/preset-rings, /bands-for-her, …), and the pieces.
  ...DEPARTMENTS.map((d) => route(d.path.slice(1), 'routes/jewelry/listing.tsx', { id: `listing-${d.id}` })),
  route('collections/:collection', 'routes/jewelry/listing.tsx', { id: 'listing-collection' }),
  route('jewelry/:slug', 'routes/jewelry/product.tsx'),
  route('art/pieces/:file', 'routes/jewelry/picture.ts'),

  route('wishlist', 'routes/wishlist.tsx'),
  route('newsletter/unsubscribe', 'routes/newsletter-unsubscribe.tsx'),

  route('diamond', 'routes/diamond-search.tsx'),
  route('diamond-details/:diamondid', 'routes/diamond-details.tsx'),
  // The ring builder's steps 2 and 3 (step 1 is /diamond), and the picture of a setting holding a stone.
  route('ring-builder/settings', 'routes/ring-builder/settings.tsx'),
  route('ring-builder/complete', 'routes/ring-builder/complete.tsx'),
  route('art/rings/:file', 'routes/ring-builder/picture.ts'),
  route('cart', 'routes/cart.tsx'),

  route('signin', 'routes/account/signin.tsx'),
  route('signup', 'routes/account/signup.tsx'),
  route('resetpassword', 'routes/account/reset-request.tsx'),
  route('reset-password/:token', 'routes/account/reset-password.tsx'),
  route('verify-email/:token', 'routes/account/verify-email.tsx'),
  route('profile', 'routes/account/profile.tsx'),
  route('orders/:orderNumber', 'routes/account/order.tsx'),

  route('checkout', 'routes/checkout.tsx'),
  route('checkout/paypal-return', 'routes/checkout-wallet-return.tsx'),
  route('thankyou', 'routes/thankyou.tsx'),

  // The back office: the staff's pages, drawn in their own frame and loaded in the browser with the staff's session.
  ...prefix('admin', [
    route('sign-in', 'routes/admin/sign-in.tsx'),
    route('invitation/:token', 'routes/admin/invitation.tsx'),
    route('orders/:orderNumber/packing-slip', 'routes/admin/packing-slip.tsx'),
    layout('routes/admin/layout.tsx', [
      index('routes/admin/today.tsx'),
      route('orders', 'routes/admin/orders.tsx'),
      route('orders/:orderNumber', 'routes/admin/order.tsx'),
      route('fulfilment', 'routes/admin/fulfilment.tsx'),
      route('customers', 'routes/admin/customers.tsx'),
      route('customers/:id', 'routes/admin/customer.tsx'),
      route('messages', 'routes/admin/messages.tsx'),
      route('requests', 'routes/admin/requests.tsx'),
      route('appointments', 'routes/admin/appointments.tsx'),
      route('numbers', 'routes/admin/numbers.tsx'),
      route('stones', 'routes/admin/stones.tsx'),
      route('stones/import', 'routes/admin/stones-import.tsx'),
      route('stones/:id', 'routes/admin/stone.tsx'),
      route('products', 'routes/admin/products.tsx'),
      route('products/metals', 'routes/admin/metal-prices.tsx'),
      route('products/:id', 'routes/admin/product.tsx'),
      route('products/:id/variants/:variantId', 'routes/admin/variant.tsx'),
      route('staff', 'routes/admin/staff.tsx'),
      route('account', 'routes/admin/account.tsx'),
      route('audit', 'routes/admin/audit.tsx'),
      route('*', 'routes/admin/not-found.tsx'),
    ]),
  ]),

  route('sitemap.xml', 'routes/sitemap.ts'),
  route('robots.txt', 'routes/robots.ts'),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;
