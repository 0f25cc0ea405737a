import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { bandVerdict, colorLabel, formatCarat, formatPrice, orNA, pricePerCarat, similarMeaning, type Diamond, type PriceBand } from '@everstone/contract/core';
import { api, lazySchema } from '../../lib/api';

const similarAnswer = lazySchema((c) => c.similarDiamondsResponseSchema);

type ListState = { phase: 'idle' | 'loading' | 'failed' } | { phase: 'done'; stones: Diamond[] };

/**
 * Where the stone's price sits among the similar stones on sale (decision 017): the verdict, the stone's place from
 * the lowest price to the highest, and the similar stones themselves one click away.
 */
export function PriceBandPanel({ diamond, band, detailQuery = '' }: { diamond: Diamond; band: PriceBand; detailQuery?: string }) {
  const id = useId();
  const verdict = bandVerdict(band);
  const [open, setOpen] = useState(false);
  const [list, setList] = useState<ListState>({ phase: 'idle' });
  const controller = useRef<AbortController | null>(null);
  useEffect(() => () => controller.current?.abort(), []);

  // The list is read when first opened (and again after a failure), not with the page.
  const load = () => {
    controller.current?.abort();
    const current = new AbortController();
    controller.current = current;
    setList({ phase: 'loading' });
    api.get(`/api/diamonds/${diamond.diamondid}/similar`, similarAnswer, { signal: current.signal }).then(
      (res) => {
        if (!current.signal.aborted) setList(res.ok ? { phase: 'done', stones: res.data.data } : { phase: 'failed' });
      },
      () => {
        if (!current.signal.aborted) setList({ phase: 'failed' });
      },
    );
  };
  const toggle = () => {
    if (!open && (list.phase === 'idle' || list.phase === 'failed')) load();
    setOpen(!open);
  };

  if (verdict === null || band.median === null) return null;
  // The stone's place by price among its similar stones, 0 the lowest and 1 the highest; among stones of the same
  // price, the middle of them.
  const same = band.similar - band.cheaper - band.dearer;
  const place = band.similar > 1 ? (band.cheaper + (same - 1) / 2) / (band.similar - 1) : 0.5;
  return (
    <section className="dd-band" aria-labelledby={`${id}-title`} data-tone={verdict.tone}>
      <h2 id={`${id}-title`} className="dd-band__title">
        Price among similar diamonds
      </h2>
      <p className="dd-band__verdict">{verdict.sentence}</p>
      <div className="dd-band__strip" aria-hidden="true">
        <span className="dd-band__median" />
        <span className="dd-band__dot" style={{ left: `${(place * 100).toFixed(1)}%` }} />
      </div>
      <p className="dd-band__scale" aria-hidden="true">
        <span>Lowest</span>
        <span>Median {formatPrice(Math.round(band.median))}</span>
        <span>Highest</span>
      </p>
      <p className="dd-band__meaning">
        Compared with the {similarMeaning(diamond, band)} on sale now.{' '}
        {band.cheaper === 0 ? 'None is priced lower.' : `${band.cheaper.toLocaleString('en-US')} ${band.cheaper === 1 ? 'is' : 'are'} priced lower.`}
      </p>
      <button type="button" className="dd-band__toggle" aria-expanded={open} aria-controls={`${id}-list`} onClick={toggle}>
        {open ? 'Hide' : 'See'} the {band.similar.toLocaleString('en-US')} similar diamonds
      </button>
      <div id={`${id}-list`} className="dd-band__list" hidden={!open} aria-busy={list.phase === 'loading'}>
        {list.phase === 'loading' && <p className="dd-band__note">Loading the similar diamonds…</p>}
        {list.phase === 'failed' && (
          <p className="dd-band__note" role="alert">
            The similar diamonds could not be loaded.{' '}
            <button type="button" className="dd-band__retry" onClick={load}>
              Try again
            </button>
          </p>
        )}
        {list.phase === 'done' && <SimilarTable stones={list.stones} current={diamond.diamondid} similar={band.similar} detailQuery={detailQuery} />}
      </div>
    </section>
  );
}

function SimilarTable({ stones, current, similar, detailQuery }: { stones: Diamond[]; current: number; similar: number; detailQuery: string }) {
  return (
    <>
      <table className="dd-similar">
        <caption className="visually-hidden">Similar diamonds, lowest price first</caption>
        <thead>
          <tr>
            <th scope="col">Diamond</th>
            <th scope="col">Report</th>
            <th scope="col" className="dd-similar__num">
              Price
            </th>
            <th scope="col" className="dd-similar__num">
              Per carat
            </th>
          </tr>
        </thead>
        <tbody>
          {stones.map((d) => {
            const here = d.diamondid === current;
            const perCarat = pricePerCarat(d.price, d.carat_weight);
            return (
              <tr key={d.diamondid} aria-current={here ? 'true' : undefined} className={here ? 'dd-similar__here' : undefined}>
                <td>
                  {here ? (
                    <span>
                      {formatCarat(d.carat_weight)} ct {colorLabel(d)} {orNA(d.clarity?.name)} <strong>(this diamond)</strong>
                    </span>
                  ) : (
                    <Link to={`/diamond-details/${d.diamondid}${detailQuery ? `?${detailQuery}` : ''}`}>
                      {formatCarat(d.carat_weight)} ct {colorLabel(d)} {orNA(d.clarity?.name)}
                    </Link>
                  )}
                </td>
                <td>
                  {orNA(d.certificate_company?.dl_name)} {d.certificate_number}
                </td>
                <td className="dd-similar__num">{formatPrice(d.price)}</td>
                <td className="dd-similar__num">{perCarat === null ? '' : formatPrice(perCarat)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {similar > stones.length && (
        <p className="dd-band__note">
          The {stones.length} lowest-priced of {similar.toLocaleString('en-US')} are listed.
          {!stones.some((d) => d.diamondid === current) && ' This diamond is priced above them.'}
        </p>
      )}
    </>
  );
}
