import { TooltipButton } from './ui';
import type { Source, SourcedNumber } from '../../model/catalog/sourced';

/** One line saying where a catalog number comes from. */
export function describeSource(n: SourcedNumber, sources: ReadonlyMap<string, Source>): string {
  const titles = n.sources.map((id) => sources.get(id)?.title ?? id);
  const basis =
    n.basis === 'read'
      ? 'read in the source'
      : n.basis === 'derived'
        ? 'derived from sourced figures'
        : n.basis === 'user'
          ? 'entered by the user'
          : 'estimate';
  const soft = n.soft ? '; soft (planning value)' : '';
  const note = n.note ? ` — ${n.note}` : '';
  return `Source: ${titles.join('; ') || 'none'} (${n.date}); ${basis}${soft}${note}`;
}

/**
 * A catalog number shown with its unit; hovering or focusing it shows its source, date and
 * basis. Keyboard users reach it with Tab (it is a focusable button with a tooltip).
 */
export function SourcedValue(props: {
  label: string;
  text: string;
  value: SourcedNumber;
  sources: ReadonlyMap<string, Source>;
}) {
  const description = describeSource(props.value, props.sources);
  return (
    <TooltipButton
      className="sourced-value"
      tooltipClassName="source-tooltip"
      aria-label={`${props.label}: ${props.text}. ${description}`}
      data-soft={props.value.soft || undefined}
      tooltip={description}
    >
      {props.text}
      {props.value.soft ? (
        <span className="soft-mark" aria-hidden="true">
          ≈
        </span>
      ) : null}
    </TooltipButton>
  );
}
