import { z } from 'zod';

/**
 * The `clusterplan-validation/1` file format (../shared/validation/README.md): published
 * measurements the engine must reproduce. A file is `{ format, set, cases: [...] }`; every
 * case has `id`, `kind`, `observed: { metric, value }` and `tolerance_pct`. The rest of a case
 * depends on its kind and is checked by that kind's handler, so a file with a kind this build
 * does not know still loads (its cases then fail with "unsupported kind").
 */

export const VALIDATION_FORMAT = 'clusterplan-validation/1';

export const validationCaseHeaderSchema = z.looseObject({
  id: z.string().min(1),
  kind: z.string().min(1),
  source: z.string().optional(),
  observed: z.looseObject({
    metric: z.string().min(1),
    value: z.number().refine((v) => v !== 0, { error: 'must be non-zero (error % divides by it)' }),
  }),
  tolerance_pct: z.number().positive(),
});
export type ValidationCaseHeader = z.infer<typeof validationCaseHeaderSchema>;

export const validationFileSchema = z.looseObject({
  format: z.literal(VALIDATION_FORMAT, { error: `must be "${VALIDATION_FORMAT}"` }),
  set: z.string().optional(),
  cases: z.array(z.unknown()),
});

/** A case of a loaded file: its header checked, its body kept raw for the kind's handler. */
export type LoadedCase = {
  readonly header: ValidationCaseHeader;
  readonly raw: unknown;
};

/** A case whose header itself is malformed: reported as a failure, never dropped. */
export type MalformedCase = {
  readonly index: number;
  readonly id: string;
  readonly reason: string;
};

export type LoadedFile = {
  readonly set: string;
  readonly cases: readonly LoadedCase[];
  readonly malformed: readonly MalformedCase[];
};

function issuesText(error: z.ZodError): string {
  return error.issues
    .map((i) => `${i.path.length ? i.path.map(String).join('.') : '(root)'}: ${i.message}`)
    .join('; ');
}

/**
 * Check a parsed JSON value is a validation file and split its cases.
 * @throws Error naming the field when the file itself (not one case) is malformed
 */
export function loadValidationFile(raw: unknown): LoadedFile {
  const file = validationFileSchema.safeParse(raw);
  if (!file.success) throw new Error(`not a ${VALIDATION_FORMAT} file: ${issuesText(file.error)}`);
  const cases: LoadedCase[] = [];
  const malformed: MalformedCase[] = [];
  file.data.cases.forEach((c, index) => {
    const header = validationCaseHeaderSchema.safeParse(c);
    if (header.success) cases.push({ header: header.data, raw: c });
    else {
      const id =
        typeof c === 'object' && c !== null && typeof (c as { id?: unknown }).id === 'string'
          ? (c as { id: string }).id
          : `cases[${index}]`;
      malformed.push({ index, id, reason: `malformed case: ${issuesText(header.error)}` });
    }
  });
  return { set: file.data.set ?? '', cases, malformed };
}
