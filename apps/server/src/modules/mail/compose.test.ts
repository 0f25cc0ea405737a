import { describe, expect, it } from 'vitest';
import { composeMail, escapeHtml, fields, html, paragraph, quote } from './compose.ts';

describe('composeMail', () => {
  const mail = composeMail({
    to: 'ann@shopper.test',
    replyTo: 'care@store.test',
    subject: 'About <your> ring',
    greeting: 'Dear Ann <script>,',
    blocks: [
      paragraph('Thank you & welcome.'),
      fields([
        ['Name', 'Ann "the <b>best</b>"'],
        ['Phone', null],
      ]),
      quote('line one\n<img src=x onerror=alert(1)>'),
    ],
  });

  it('writes the plain text as typed', () => {
    expect(mail.text).toBe(
      'Dear Ann <script>,\n\nThank you & welcome.\n\nName: Ann "the <b>best</b>"\nPhone: -\n\n' +
        '> line one\n> <img src=x onerror=alert(1)>\n\nEverstone Fine Jewelry\n',
    );
    expect(mail).toMatchObject({ to: 'ann@shopper.test', replyTo: 'care@store.test', subject: 'About <your> ring' });
  });

  it('escapes every value in the HTML', () => {
    expect(mail.html).toContain('<title>About &lt;your&gt; ring</title>');
    expect(mail.html).toContain('Dear Ann &lt;script&gt;,');
    expect(mail.html).toContain('Thank you &amp; welcome.');
    expect(mail.html).toContain('Ann &quot;the &lt;b&gt;best&lt;/b&gt;&quot;');
    expect(mail.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(mail.html).not.toMatch(/<script|<img|<b>/);
  });
});

describe('html', () => {
  it('escapes values but not nested html', () => {
    const inner = html`<em>${'a<b'}</em>`;
    expect(html`<p>${inner} ${"'"} ${['<', '>']} ${null}</p>`.value).toBe('<p><em>a&lt;b</em> &#39; &lt;&gt; </p>');
    expect(escapeHtml(`&<>"'`)).toBe('&amp;&lt;&gt;&quot;&#39;');
  });
});
