/**
 * The searchable fields of a passage, in posting order: every posting carries one count per
 * field, and BM25F weighs and normalises each field on its own (RankingParams.boosts and b).
 */
export const FIELDS = ['title', 'headings', 'text'] as const;
export type FieldName = (typeof FIELDS)[number];
export const FIELD_COUNT = FIELDS.length;
