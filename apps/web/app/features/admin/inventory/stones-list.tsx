import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { createColumnHelper } from '@tanstack/react-table';
import {
  ADMIN_STONE_STATUSES,
  ADMIN_STONE_STATUS_LABELS,
  DIAMOND_TYPES,
  DIAMOND_TYPE_LABELS,
  FANCY_COLORS,
  SCALES,
  SHAPES,
  colorLabel,
  formatCarat,
  formatMoney,
  optional,
  orNA,
  typeLabel,
  type AdminStoneStatus,
  type Diamond,
  type DiamondListResponse,
  type DiamondTypeId,
  type SortKey,
} from '@everstone/contract';
import { PageHead } from '../kit/frame';
import { type AdminColumnMeta, AdminTable, ListBar, PrevNext, sortCaption, useServerTable } from '../kit/table';
import { EmptyList, FilterSelect, PageSizeSelect, SearchBox, StateTabs } from '../kit/lists';
import { HoldEnd } from '../orders';
import { InventoryFileActions, InventoryStyles, StoneLink, StoneStatusBadge } from './stone-links';
import {
  CERTIFICATE_MAX,
  boundsProblem,
  clearedStoneList,
  gradeEnds,
  gradeRangeOf,
  isStoneListFiltered,
  FIRST_STONE_DIRECTION,
  sortOf,
  sortParts,
  stoneListHref,
  type Bounds,
  type Figure,
  type GradeScale,
  type StoneListState,
} from './stone-query';


const column = createColumnHelper<Diamond>();

function columns(now: number) {
  return [
    column.accessor('certificate_number', {
      header: 'Certificate',
      enableSorting: false,
      cell: (info) => (
        <>
          <StoneLink id={info.row.original.diamondid} certificate={info.getValue()} />
          <span className="adm-cell-sub">
            {info.row.original.certificate_company.dl_name} · {typeLabel(info.row.original.type)}
          </span>
        </>
      ),
    }),
    column.accessor((d) => d.shape.name, { id: 'shape', header: 'Shape', enableSorting: false }),
    column.accessor('carat_weight', {
      id: 'carat' satisfies SortKey,
      header: 'Carat',
      meta: { numeric: true } satisfies AdminColumnMeta,
      cell: (info) => formatCarat(info.getValue()),
    }),
    column.accessor((d) => colorLabel(d), { id: 'color' satisfies SortKey, header: 'Color' }),
    column.accessor((d) => orNA(d.clarity?.name), { id: 'clarity' satisfies SortKey, header: 'Clarity' }),
    column.accessor((d) => optional(d.cut?.full_name), { id: 'cut' satisfies SortKey, header: 'Cut' }),
    column.accessor('price', {
      id: 'price' satisfies SortKey,
      header: 'Price',
      meta: { numeric: true } satisfies AdminColumnMeta,
      cell: (info) => <span className="adm-cell-main">{formatMoney(info.getValue())}</span>,
    }),
    column.accessor('status', {
      header: 'Status',
      enableSorting: false,
      cell: (info) => <StoneStatusBadge status={info.getValue()} />,
    }),
    column.accessor('is_superdeal', {
      header: 'Featured',
      enableSorting: false,
      cell: (info) =>
        info.getValue() === 1 ? (
          <span className="adm-badge adm-badge--outline adm-badge--featured">Featured</span>
        ) : (
          <span className="adm-muted">
            <span aria-hidden="true">—</span>
            <span className="visually-hidden">Not featured</span>
          </span>
        ),
    }),
    column.accessor('held_until', {
      header: 'Held until',
      enableSorting: false,
      cell: (info) => {
        const at = info.getValue();
        return at ? (
          <HoldEnd at={at} now={now} />
        ) : (
          <span className="adm-muted">
            <span aria-hidden="true">—</span>
            <span className="visually-hidden">Not held</span>
          </span>
        );
      },
    }),
  ];
}

interface Props {
  list: DiamondListResponse;
  state: StoneListState;
  now: number;
  busy: boolean;
  /** Goes to the list of `next`; `replace` while typing, so Back skips each letter. */
  go: (next: StoneListState, options?: { replace?: boolean }) => void;
}

/** /admin/stones: every stone of the inventory, filtered with the storefront's own search, sorted and paged by the server. */
export function StonesList({ list, state: asked, now, busy, go: navigate }: Props) {
  // The router moves to the next list in a transition, which would hold a ticked box or a chosen option back until
  // the list arrives: the controls show what was chosen at once, and follow the address when it changes otherwise.
  const [state, setState] = useState(asked);
  const [askedHref, setAskedHref] = useState(() => stoneListHref(asked));
  if (askedHref !== stoneListHref(asked)) {
    setAskedHref(stoneListHref(asked));
    setState(asked);
  }
  const go: Props['go'] = (next, options) => {
    setState(next);
    navigate(next, options);
  };
  const pages = Math.max(1, list.last_page);
  const sorted = sortParts(state.sort);
  const table = useServerTable({
    data: list.data,
    columns: columns(now),
    getRowId: (stone) => String(stone.diamondid),
    total: list.total,
    page: state.page,
    perPage: state.per_page,
    sorting: { sort: sorted, first: FIRST_STONE_DIRECTION, onSort: (next) => go({ ...state, sort: sortOf(next), page: 1 }) },
  });
  const hrefOf = (page: number) => stoneListHref({ ...state, page });
  const filtered = isStoneListFiltered(state);

  return (
    <>
      <InventoryStyles />
      <PageHead title="Inventory" lead="Every diamond in stock, whatever its status. Filter with the storefront’s search; click a column’s name to sort by it.">
        <InventoryFileActions />
      </PageHead>
      <StoneFilters state={state} go={go} />
      <ListBar list={list} nouns={['diamond', 'diamonds']} busy={busy}>
        <PageSizeSelect value={state.per_page} onChange={(per_page) => go({ ...state, per_page, page: 1 })} />
      </ListBar>
      {list.data.length === 0 ? (
        <EmptyList
          text={filtered ? 'No diamond matches these filters.' : 'There are no diamonds for sale. Import a supplier file to add some.'}
          clear={filtered ? { href: stoneListHref(clearedStoneList(state)), label: 'Clear the filters' } : null}
        />
      ) : (
        <AdminTable
          table={table}
          label="Inventory"
          className="adm-table--stones"
          busy={busy}
          caption={sortCaption(table, 'Diamonds', sorted)}
        />
      )}
      <PrevNext label="Pages of diamonds" page={list.page} pages={pages} href={hrefOf} />
    </>
  );
}

/** The storefront's tabs as the list's address names them ('all' is no `active_tab`: every type). */
type TypeTab = 'all' | `${DiamondTypeId}`;
const TYPE_TABS: readonly TypeTab[] = ['all', `${DIAMOND_TYPES.natural}`, `${DIAMOND_TYPES.lab}`, `${DIAMOND_TYPES.color}`];
const TYPE_TAB_TEXT: Record<TypeTab, string> = { all: 'All types', ...DIAMOND_TYPE_LABELS };
const typeOfTab = (tab: TypeTab): DiamondTypeId | null => Object.values(DIAMOND_TYPES).find((type) => `${type}` === tab) ?? null;
const tabOfType = (type: DiamondTypeId | null): TypeTab => (type === null ? 'all' : `${type}`);

const STATUS_TEXT: Record<AdminStoneStatus, string> = { ...ADMIN_STONE_STATUS_LABELS, all: 'Any status' };

const FIGURE_TEXT: Record<Figure, { min: string; max: string; step: string; unit: string }> = {
  carat: { min: 'Carat from', max: 'Carat to', step: '0.01', unit: 'ct' },
  price: { min: 'Price from', max: 'Price to', step: '1', unit: '$' },
};

/** A typed-in bound: empty is open; anything else is a number or NaN (said wrong by `boundsProblem`). */
function boundOf(text: string): number | null {
  const trimmed = text.trim().replace(/[$,\s]/g, '');
  return trimmed === '' ? null : Number(trimmed);
}

/**
 * The filters; each change goes to the address (and from there to the list). Choices apply at once; the typed ones
 * (a certificate, carat and price bounds) when typing pauses, on Enter, or on leaving the field.
 */
function StoneFilters({ state, go }: Pick<Props, 'state' | 'go'>) {
  const id = useId();
  const figures = useRef<HTMLFormElement>(null);
  const [problems, setProblems] = useState<Partial<Record<Figure, string>>>({});
  // Leaving a bound's field for the Apply button commits it twice in a row: the second is not a new page of history.
  const current = stoneListHref(state);
  const pending = useRef<string | null>(null);
  useEffect(() => {
    pending.current = null;
  }, [current]);
  // A new list (chosen here, or by Back or a link) leaves no message about bounds typed for the last one.
  const [problemsOf, setProblemsOf] = useState(current);
  if (problemsOf !== current) {
    setProblemsOf(current);
    setProblems({});
  }

  const change = (next: Partial<StoneListState>) => {
    const target = stoneListHref({ ...state, ...next, page: 1 });
    if (target === current || target === pending.current) return;
    pending.current = target;
    go({ ...state, ...next, page: 1 });
  };

  /** The typed bounds as they stand: each pair checked, the list asked for when both pass. */
  function applyFigures() {
    const form = figures.current;
    if (!form) return;
    const data = new FormData(form);
    const bounds = (name: Figure): Bounds => ({ min: boundOf(String(data.get(`${name}-min`) ?? '')), max: boundOf(String(data.get(`${name}-max`) ?? '')) });
    const next = { carat: bounds('carat'), price: bounds('price') };
    const found: Partial<Record<Figure, string>> = {};
    for (const name of ['carat', 'price'] as const) {
      const problem = boundsProblem(name, next[name]);
      if (problem) found[name] = problem;
    }
    setProblems(found);
    if (Object.keys(found).length === 0) change(next);
  }

  const setGrade = (name: GradeScale, end: 'from' | 'to', value: string) => {
    const ends = gradeEnds(state[name]);
    const chosen = value === '' ? null : Number(value);
    const from = end === 'from' ? chosen : ends.from;
    const to = end === 'to' ? chosen : ends.to;
    // Moving one end past the other moves both to the grade chosen, so the list never asks for nothing.
    const crossed = from !== null && to !== null && from > to;
    change({ [name]: gradeRangeOf(name, crossed ? chosen : from, crossed ? chosen : to) });
  };

  const toggle = (list: number[], item: number, on: boolean) => (on ? [...list, item].sort((a, b) => a - b) : list.filter((x) => x !== item));
  const colorTab = state.type === DIAMOND_TYPES.color;

  return (
    <div className="adm-filters">
      <CertificateSearch value={state.certificate} onSearch={(certificate, options) => go({ ...state, certificate, page: 1 }, options)} />

      <StateTabs
        label="Diamond type"
        value={tabOfType(state.type)}
        options={TYPE_TABS}
        text={TYPE_TAB_TEXT}
        href={(tab) => {
          const type = typeOfTab(tab);
          return stoneListHref({ ...state, type, fancyColors: type === DIAMOND_TYPES.color ? state.fancyColors : [], page: 1 });
        }}
      />

      <form
        ref={figures}
        className="adm-filter-set adm-inv-filters"
        aria-label="Filters"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          applyFigures();
        }}
      >
        <FilterSelect<AdminStoneStatus> label="Status" value={state.status} options={ADMIN_STONE_STATUSES} text={STATUS_TEXT} onValue={(status) => status && change({ status })} />
        {(['color', 'clarity'] as const).map((name) =>
          name === 'color' && colorTab ? null : (
            <GradePair key={name} id={`${id}-${name}`} name={name} range={state[name]} onChange={(end, value) => setGrade(name, end, value)} />
          ),
        )}
        {(['carat', 'price'] as const).map((name) => (
          <FigurePair
            key={name}
            id={`${id}-${name}`}
            name={name}
            bounds={state[name]}
            listHref={current}
            problem={problems[name] ?? null}
            onCommit={applyFigures}
          />
        ))}
        <div className="adm-check">
          <input id={`${id}-featured`} type="checkbox" checked={state.featured} onChange={(e) => change({ featured: e.target.checked })} />
          <label htmlFor={`${id}-featured`}>Featured deals only</label>
        </div>
        <div className="adm-filter-set__actions">
          <button type="submit" className="adm-button adm-button--ghost adm-button--small">
            Apply
          </button>
        </div>
      </form>

      <fieldset className="adm-inv-choices">
        <legend className="form-label">Shapes</legend>
        <ul className="adm-inv-choices__list">
          {SHAPES.map((shape, i) => (
            <li key={shape} className="adm-inv-choice">
              <input
                id={`${id}-shape-${i + 1}`}
                type="checkbox"
                checked={state.shapes.includes(i + 1)}
                onChange={(e) => change({ shapes: toggle(state.shapes, i + 1, e.target.checked) })}
              />
              <label htmlFor={`${id}-shape-${i + 1}`}>{shape}</label>
            </li>
          ))}
        </ul>
      </fieldset>

      {colorTab && (
        <fieldset className="adm-inv-choices">
          <legend className="form-label">Fancy colors</legend>
          <ul className="adm-inv-choices__list">
            {FANCY_COLORS.map((color, i) => (
              <li key={color} className="adm-inv-choice">
                <input
                  id={`${id}-fancy-${i + 1}`}
                  type="checkbox"
                  checked={state.fancyColors.includes(i + 1)}
                  onChange={(e) => change({ fancyColors: toggle(state.fancyColors, i + 1, e.target.checked) })}
                />
                <label htmlFor={`${id}-fancy-${i + 1}`}>{color}</label>
              </li>
            ))}
          </ul>
        </fieldset>
      )}

      {isStoneListFiltered(state) && (
        <p className="adm-filters__clear">
          <Link className="adm-link" to={stoneListHref(clearedStoneList(state))}>
            Clear the filters
          </Link>
        </p>
      )}
    </div>
  );
}

/** Two selects for a grade range: from one grade up to and including another (either may be "any"). */
function GradePair({ id, name, range, onChange }: { id: string; name: GradeScale; range: StoneListState[GradeScale]; onChange: (end: 'from' | 'to', value: string) => void }) {
  const ends = gradeEnds(range);
  const title = name === 'color' ? 'Color' : 'Clarity';
  return (
    <div className="adm-inv-pair">
      {(['from', 'to'] as const).map((end) => (
        <div key={end} className="form-field">
          <label className="form-label" htmlFor={`${id}-${end}`}>
            {title} {end}
          </label>
          <select id={`${id}-${end}`} className="form-control adm-control" value={ends[end] ?? ''} onChange={(e) => onChange(end, e.target.value)}>
            <option value="">Any</option>
            {SCALES[name].map((grade, i) => (
              <option key={grade} value={i + 1}>
                {grade}
              </option>
            ))}
          </select>
        </div>
      ))}
    </div>
  );
}

/** Two number fields for a carat or price range, with the message about them when they do not make a range. */
function FigurePair({
  id,
  name,
  bounds,
  listHref,
  problem,
  onCommit,
}: {
  id: string;
  name: Figure;
  bounds: Bounds;
  listHref: string;
  problem: string | null;
  onCommit: () => void;
}) {
  const text = FIGURE_TEXT[name];
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  return (
    <div className="adm-inv-pair">
      {(['min', 'max'] as const).map((end) => (
        <div key={end} className="form-field">
          <label className="form-label" htmlFor={`${id}-${end}`}>
            {text[end]} ({text.unit})
          </label>
          <BoundInput
            id={`${id}-${end}`}
            name={`${name}-${end}`}
            value={bounds[end]}
            listHref={listHref}
            step={text.step}
            placeholder={end === 'min' ? 'Any' : 'No limit'}
            onCommit={onCommit}
            invalid={problem !== null}
            describedBy={problem ? errorId : end === 'max' ? hintId : undefined}
          />
          {end === 'max' && !problem && (
            <p id={hintId} className="visually-hidden">
              Empty for no upper limit.
            </p>
          )}
        </div>
      ))}
      {problem && (
        <p id={errorId} className="field-error adm-filters__error">
          {problem}
        </p>
      )}
    </div>
  );
}

/**
 * A bound's field. It keeps what was typed (focus and all) while the list follows it, and shows the list's own bound
 * again when a new list says otherwise (Back, a link, Clear).
 */
function BoundInput({
  id,
  name,
  value,
  listHref,
  step,
  placeholder,
  onCommit,
  invalid,
  describedBy,
}: {
  id: string;
  name: string;
  value: number | null;
  listHref: string;
  step: string;
  placeholder: string;
  onCommit: () => void;
  invalid: boolean;
  describedBy: string | undefined;
}) {
  const shown = value === null ? '' : String(value);
  const [text, setText] = useState(shown);
  const [seen, setSeen] = useState(listHref);
  if (seen !== listHref) {
    setSeen(listHref);
    if (boundOf(text) !== value) setText(shown);
  }
  return (
    <input
      id={id}
      name={name}
      type="number"
      inputMode="decimal"
      min={0}
      step={step}
      className="form-control adm-control"
      value={text}
      placeholder={placeholder}
      onChange={(e) => setText(e.target.value)}
      onBlur={() => {
        if (boundOf(text) !== value) onCommit();
      }}
      aria-invalid={invalid ? true : undefined}
      aria-describedby={describedBy}
    />
  );
}

/** The certificate search, as every list's search box: the list follows the typing after a short pause, at once on Enter. */
function CertificateSearch({ value, onSearch }: { value: string; onSearch: (certificate: string, options: { replace: boolean }) => void }) {
  return (
    <SearchBox
      name="Inventory"
      label="Certificate number"
      value={value}
      placeholder="The number or its start"
      maxLength={CERTIFICATE_MAX}
      spellCheck={false}
      // Commas would make a list of the search's parameter; a certificate number never has one.
      clean={(text) => text.replace(/,/g, '').trim().slice(0, CERTIFICATE_MAX)}
      onSearch={onSearch}
    />
  );
}
