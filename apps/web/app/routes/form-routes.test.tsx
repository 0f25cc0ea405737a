// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { useState } from 'react';
import { createRoutesStub, useActionData, useLoaderData, type LoaderFunction } from 'react-router';
import { apiAnswering, json, type ApiCall as Call } from '../test/api-context';
import { Field, useForm, type FormAnswer } from '../components/ui/form';
import { byLabel, button, press, render, type, unmount, until } from '../test/dom';
import { action as contactAction } from './contact';
import { ContactForm } from '../features/contact/contact-form';
import NewsletterUnsubscribe, { action as unsubscribeAction, loader as unsubscribeLoader } from './newsletter-unsubscribe';
import VerifyEmail, { loader as verifyLoader } from './account/verify-email';

/*
 * Pages with their route's loader and action, drawn in a DOM by React Router's test stub: what the shopper sees
 * after each answer. The API answers in its own wire format through the load context, as the in-process API does on
 * a running store; the route modules are the real ones.
 */

afterEach(unmount);

describe('the contact page and its action', () => {
  function page(reply: (call: Call) => Response) {
    const { context, calls } = apiAnswering(reply);
    const Stub = createRoutesStub(
      // The page's form as the route draws it (the rest of the page needs the app's root around it).
      [{ path: '/contact', action: contactAction, Component: () => <ContactForm answer={useActionData()} /> }],
      context,
    );
    return { Stub, calls };
  }

  it('puts the API’s messages beside their fields, moves to the first, and drops one as it is corrected', async () => {
    const { Stub, calls } = page(() => json(422, { message: 'The email must be a valid email address.', errors: { email: ['The email must be a valid email address.'] } }));
    const host = await render(<Stub initialEntries={['/contact']} />);
    await type(byLabel(host, 'Email'), 'ada@example');
    await type(byLabel<HTMLSelectElement>(host, 'Topic'), 'Diamonds');
    await press(button(host, 'Send message'));

    const email = await until(() => byLabel(host, 'Email').getAttribute('aria-invalid') === 'true' && byLabel<HTMLInputElement>(host, 'Email'), 'the email field marked');
    expect(calls).toEqual([{ path: '/api/contact', method: 'POST', body: { name: '', email: 'ada@example', phone: '', topic: 'Diamonds', question: '' } }]);
    const messageId = email.getAttribute('aria-describedby')!.split(' ')[0]!;
    expect(document.getElementById(messageId)?.textContent).toBe('The email must be a valid email address.');
    await until(() => document.activeElement === email, 'focus on the email field');
    // What was typed stays for the shopper to correct.
    expect(email.value).toBe('ada@example');

    await type(email, 'ada@example.com');
    expect(email.getAttribute('aria-invalid')).toBeNull();
    expect(document.getElementById(messageId)).toBeNull();
  });

  it('says the thank-you and empties the form on a success', async () => {
    const { Stub } = page(() => json(200, { message: 'Thank you for your message. We will reply within one business day.' }));
    const host = await render(<Stub initialEntries={['/contact']} />);
    await type(byLabel(host, 'Email'), 'ada@example.com');
    await type(byLabel<HTMLSelectElement>(host, 'Topic'), 'Diamonds');
    await press(button(host, 'Send message'));
    const status = await until(() => host.querySelector('[role="status"] .form-banner--success'), 'the thank-you');
    expect(status.textContent).toBe('Thank you for your message. We will reply within one business day.');
    expect(byLabel(host, 'Email').value).toBe('');
  });
});

describe('the newsletter’s unsubscribe page', () => {
  function page(reply: (call: Call) => Response) {
    const { context, calls } = apiAnswering(reply);
    const Stub = createRoutesStub(
      [
        {
          path: '/newsletter/unsubscribe',
          loader: unsubscribeLoader,
          action: unsubscribeAction,
          Component: () => <NewsletterUnsubscribe {...({ loaderData: useLoaderData(), actionData: useActionData() } as object as Parameters<typeof NewsletterUnsubscribe>[0])} />,
        },
      ],
      context,
    );
    return { Stub, calls };
  }

  it('names the address the link is for, changes nothing on opening, and unsubscribes on the button', async () => {
    const { Stub, calls } = page((call) =>
      call.path.startsWith('/api/newsletter/subscription')
        ? json(200, { email: 'a•••@example.com', subscribed: true })
        : json(200, { message: 'You have been unsubscribed.' }),
    );
    const host = await render(<Stub initialEntries={['/newsletter/unsubscribe?token=tok-1']} />);
    await until(() => host.querySelector('[data-testid="unsubscribe-email"]'), 'the address');
    expect(host.querySelector('[data-testid="unsubscribe-email"]')?.textContent).toBe('a•••@example.com');
    expect(calls.map((c) => c.method)).toEqual(['GET']);

    await press(button(host, 'Unsubscribe'));
    await until(() => host.textContent?.includes('You are unsubscribed'), 'the confirmation');
    expect(calls.filter((c) => c.method === 'POST')).toEqual([{ path: '/api/newsletter/unsubscribe', method: 'POST', body: { token: 'tok-1' } }]);
  });

  it('says a link it does not know is not valid, without asking the API to change anything', async () => {
    const { Stub, calls } = page(() => json(404, { message: 'Not found.' }));
    const host = await render(<Stub initialEntries={['/newsletter/unsubscribe?token=nope']} />);
    await until(() => host.querySelector('h1'), 'the page');
    expect(host.querySelector('[data-testid="unsubscribe-email"]')).toBeNull();
    expect(host.querySelectorAll('button')).toHaveLength(0);
    expect(calls.every((c) => c.method === 'GET')).toBe(true);
  });
});

describe('the email verification link', () => {
  it('verifies on opening, before any script, and says so', async () => {
    const { context, calls } = apiAnswering(() => json(200, { message: 'Your email address is verified.' }));
    const Stub = createRoutesStub([{ path: '/verify-email/:token', loader: verifyLoader as LoaderFunction, Component: () => <VerifyEmail {...({ loaderData: useLoaderData() } as object as Parameters<typeof VerifyEmail>[0])} /> }], context);
    const host = await render(<Stub initialEntries={['/verify-email/t0k3n']} />);
    await until(() => host.querySelector('h1'), 'the page');
    expect(calls).toEqual([expect.objectContaining({ method: 'POST', body: { token: 't0k3n' } })]);
    expect(host.querySelector('h1')?.textContent).toBe('Email Address Verified');
  });

  it('says what the API said of a link it refuses', async () => {
    const { context } = apiAnswering(() => json(422, { message: 'This link has expired. Ask for a new one.', errors: { token: ['This link has expired. Ask for a new one.'] } }));
    const Stub = createRoutesStub([{ path: '/verify-email/:token', loader: verifyLoader as LoaderFunction, Component: () => <VerifyEmail {...({ loaderData: useLoaderData() } as object as Parameters<typeof VerifyEmail>[0])} /> }], context);
    const host = await render(<Stub initialEntries={['/verify-email/old']} />);
    await until(() => host.querySelector('h1'), 'the page');
    expect(host.querySelector('h1')?.textContent).toBe('Verify Your Email Address');
    expect(host.textContent).toContain('This link has expired. Ask for a new one.');
  });
});

describe('a form sent from the browser', () => {
  /** A form on the kit's `send`, answering what the test hands it, one call at a time. */
  function Sender({ answers, sent }: { answers: Array<() => Promise<FormAnswer<'code'> | null>>; sent: string[] }) {
    const [round, setRound] = useState(0);
    const form = useForm({
      fields: ['code'] as const,
      send: (values) => {
        sent.push(values.code);
        setRound((n) => n + 1);
        return answers[round]!();
      },
    });
    return (
      <form.Form {...form.props} noValidate>
        <Field form={form} name="code" label="Code" />
        <button type="submit">{form.busy ? 'Checking…' : 'Check'}</button>
        <p role="status">{form.notice?.text}</p>
      </form.Form>
    );
  }

  it('is busy from the press until its answer, sends once however often it is pressed, and draws the answer', async () => {
    let settle: (answer: FormAnswer<'code'>) => void = () => undefined;
    const sent: string[] = [];
    const answers = [
      () => new Promise<FormAnswer<'code'>>((resolve) => (settle = resolve)),
      () => Promise.resolve(null),
    ];
    const Stub = createRoutesStub([{ path: '/', Component: () => <Sender answers={answers} sent={sent} /> }]);
    const host = await render(<Stub />);
    await type(byLabel(host, 'Code'), '123456');
    await press(button(host, 'Check'));
    await press(button(host, 'Checking…'));
    expect(sent).toEqual(['123456']);

    settle({ status: 422, ok: false, notice: { kind: 'error', text: 'That code is not right.' }, errors: { code: ['Enter the code your app shows now.'] }, values: {} });
    const code = await until(() => byLabel(host, 'Code').getAttribute('aria-invalid') === 'true' && byLabel(host, 'Code'), 'the code marked');
    expect(host.querySelector('[role="status"]')?.textContent).toBe('That code is not right.');
    await until(() => document.activeElement === code, 'focus on the code');

    // An answer of null (a password prompt cancelled) says nothing and changes nothing drawn before it was sent.
    await press(button(host, 'Check'));
    await until(() => sent.length === 2 && host.querySelector('button')?.textContent === 'Check', 'the second round');
    expect(host.querySelector('[role="status"]')?.textContent).toBe('');
  });
});
