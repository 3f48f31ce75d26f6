/**
 * Reading an exported workbook back (exceljs) and checking its live formulas: a small evaluator
 * of the formulas the cash-flow sheets use (SUM, IF, NPV, IRR, + − × ÷ ^ and =), computing each
 * formula from the cells it names (formula cells recursively, never from their cached values),
 * so that a test can compare it with the cached value the writer stored and with the engine.
 * Used by e2e/xlsx.spec.ts and test/cli/report-xlsx-finance.test.ts.
 */
import ExcelJS from 'exceljs';
import { irr } from '../model/cost';

export async function readWorkbook(bytes: Uint8Array): Promise<ExcelJS.Workbook> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(
    bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer,
  );
  return wb;
}

type Value = number | number[];
function colNumber(letters: string): number {
  let n = 0;
  for (const ch of letters) n = n * 26 + (ch.charCodeAt(0) - 64);
  return n;
}

/** Evaluate `formula` on `ws`, formula cells recursively (not their cached results). */
export function evaluateFormula(ws: ExcelJS.Worksheet, formula: string, depth = 0): number {
  if (depth > 50) throw new Error('formula depth');
  const cellValue = (ref: string): number => {
    const m = /^\$?([A-Z]+)\$?(\d+)$/.exec(ref)!;
    const cell = ws.getRow(Number(m[2])).getCell(colNumber(m[1]!));
    const v = cell.value as unknown;
    if (typeof v === 'number') return v;
    if (v && typeof v === 'object' && 'formula' in v)
      return evaluateFormula(ws, (v as { formula: string }).formula, depth + 1);
    if (v === null || v === undefined) return 0;
    throw new Error(`cell ${ref} is not a number: ${JSON.stringify(v)}`);
  };
  const tokens = formula.match(
    /\$?[A-Z]+\$?\d+(:\$?[A-Z]+\$?\d+)?|[A-Z]+(?=\()|\d+(\.\d+)?(e[+-]?\d+)?|[-+*/^(),=]/g,
  )!;
  let i = 0;
  const peek = () => tokens[i];
  const next = () => tokens[i++]!;
  const range = (t: string): number[] => {
    const [a, b] = t.split(':') as [string, string];
    const ma = /^\$?([A-Z]+)\$?(\d+)$/.exec(a)!;
    const mb = /^\$?([A-Z]+)\$?(\d+)$/.exec(b)!;
    const out: number[] = [];
    for (let r = Number(ma[2]); r <= Number(mb[2]); r++)
      for (let c = colNumber(ma[1]!); c <= colNumber(mb[1]!); c++)
        out.push(cellValue(`${String.fromCharCode(64 + c)}${r}`));
    return out;
  };
  const call = (name: string): number => {
    next(); // (
    const args: Value[] = [];
    while (peek() !== ')') {
      args.push(comparison());
      if (peek() === ',') next();
    }
    next(); // )
    const flat = (v: Value): number[] => (Array.isArray(v) ? v : [v]);
    switch (name) {
      case 'SUM':
        return args.flatMap(flat).reduce((a, b) => a + b, 0);
      case 'IF':
        return (args[0] as number) !== 0 ? (args[1] as number) : (args[2] as number);
      case 'NPV': {
        const rate = args[0] as number;
        return args
          .slice(1)
          .flatMap(flat)
          .reduce((a, v, k) => a + v / (1 + rate) ** (k + 1), 0);
      }
      case 'IRR':
        return irr(flat(args[0] as Value)) as number;
      default:
        throw new Error(`function ${name}`);
    }
  };
  function primary(): Value {
    const t = next();
    if (t === '(') {
      const v = comparison();
      next();
      return v;
    }
    if (t === '-') return -(primary() as number);
    if (/^[A-Z]+$/.test(t) && peek() === '(') return call(t);
    if (t.includes(':')) return range(t);
    if (/^\$?[A-Z]+\$?\d+$/.test(t)) return cellValue(t);
    return Number(t);
  }
  function power(): Value {
    let v = primary();
    while (peek() === '^') {
      next();
      v = (v as number) ** (primary() as number);
    }
    return v;
  }
  function term(): Value {
    let v = power();
    while (peek() === '*' || peek() === '/') {
      const op = next();
      const w = power() as number;
      v = op === '*' ? (v as number) * w : (v as number) / w;
    }
    return v;
  }
  function sum(): Value {
    let v = term();
    while (peek() === '+' || peek() === '-') {
      const op = next();
      const w = term() as number;
      v = op === '+' ? (v as number) + w : (v as number) - w;
    }
    return v;
  }
  function comparison(): Value {
    const v = sum();
    if (peek() === '=') {
      next();
      return (v as number) === (sum() as number) ? 1 : 0;
    }
    return v;
  }
  const out = comparison();
  if (i !== tokens.length) throw new Error(`unparsed: ${formula}`);
  return out as number;
}

/** A formula cell of a sheet: where, the formula, and its cached value (null when none). */
export type FormulaCell = {
  readonly address: string;
  readonly formula: string;
  readonly cached: number | null;
};

/** Every formula cell of `ws`, in row order. */
export function formulaCells(ws: ExcelJS.Worksheet): FormulaCell[] {
  const out: FormulaCell[] = [];
  ws.eachRow((row) =>
    row.eachCell((cell) => {
      const v = cell.value as { formula?: string } | null;
      if (!v || typeof v !== 'object' || typeof v.formula !== 'string') return;
      // cell.result, not value.result: exceljs's value drops a cached 0.
      const r = cell.result as unknown;
      out.push({
        address: cell.address,
        formula: v.formula,
        cached: typeof r === 'number' ? r : null,
      });
    }),
  );
  return out;
}

/** The value in column B of the row whose column A reads `label` (formula cells: their cached value). */
export function labelled(
  ws: ExcelJS.Worksheet,
  label: string,
): { formula: string | null; value: number } {
  let out: { formula: string | null; value: number } | null = null;
  ws.eachRow((row) => {
    if (row.getCell(1).value !== label) return;
    const c = row.getCell(2);
    const v = c.value as unknown;
    if (typeof v === 'number') out = { formula: null, value: v };
    else if (v && typeof v === 'object' && 'formula' in v)
      out = { formula: (v as { formula: string }).formula, value: c.result as number };
  });
  if (!out) throw new Error(`sheet ${ws.name}: no row ${label}`);
  return out;
}
