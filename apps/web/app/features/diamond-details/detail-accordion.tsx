import * as Accordion from '@radix-ui/react-accordion';
import { Link } from 'react-router';
import { colorLabel, formatCarat, orNA, type Diamond } from '@everstone/contract/core';
import { DETAIL_OFFERS } from './offers';

/** Where the stone comes from, in a sentence a shopper can repeat. */
function originText(d: Diamond): string {
  if (d.type === 2) {
    return 'A lab-grown diamond: grown in a laboratory, it is chemically, physically and optically a diamond.';
  }
  if (d.type === 3) return 'A natural color diamond, mined and certified conflict-free.';
  return 'A natural diamond, mined and certified conflict-free.';
}

/**
 * §2, §4: DIAMOND DETAILS and LIFETIME DIAMOND UPGRADE. Both start closed, one is open at a time, and
 * pressing the open one closes it (Radix 'single' + collapsible).
 */
export function DetailAccordion({ diamond }: { diamond: Diamond }) {
  const lab = orNA(diamond.certificate_company?.dl_name);
  return (
    <Accordion.Root type="single" collapsible className="dd-accordion">
      <Accordion.Item value="details" className="dd-acc-item">
        <Accordion.Header className="dd-acc-heading">
          <Accordion.Trigger className="dd-acc-trigger">
            <span>Diamond Details</span>
            <span className="dd-acc-chevron" aria-hidden="true" />
          </Accordion.Trigger>
        </Accordion.Header>
        <Accordion.Content className="dd-acc-content">
          <p>
            This {formatCarat(diamond.carat_weight)} carat {orNA(diamond.shape?.name).toLowerCase()} diamond is graded{' '}
            {colorLabel(diamond)} color, {orNA(diamond.clarity?.name)} clarity and {orNA(diamond.cut?.full_name)} cut by{' '}
            {lab}, report number {orNA(diamond.certificate_number)}.
          </p>
          <p>{originText(diamond)}</p>
          <ul>
            <li>Ships with its original {lab} grading report.</li>
            <li>
              Paying by bank wire? We hold the diamond for up to {DETAIL_OFFERS.bankWireHoldHours} hours while the
              transfer arrives.
            </li>
            <li>One diamond ring or loose diamond order at a time.</li>
          </ul>
        </Accordion.Content>
      </Accordion.Item>
      <Accordion.Item value="upgrade" className="dd-acc-item">
        <Accordion.Header className="dd-acc-heading">
          <Accordion.Trigger className="dd-acc-trigger">
            <span>Lifetime Diamond Upgrade</span>
            <span className="dd-acc-chevron" aria-hidden="true" />
          </Accordion.Trigger>
        </Accordion.Header>
        <Accordion.Content className="dd-acc-content">
          <p>
            Ready for something bigger, one day or years from now? Trade this diamond in and we credit 100% of the
            price you paid toward a new certified diamond priced at least twice the original.
          </p>
          <p>
            <Link to="/contact">Ask a gemologist</Link> about upgrading.
          </p>
        </Accordion.Content>
      </Accordion.Item>
    </Accordion.Root>
  );
}
