/**
 * The kit's data model: rules, findings, profiles, mutations, adapters, suites and reports.
 *
 * Everything here is plain data or a small interface, so that findings and reports can be
 * serialised as JSON and read by any tool. Human text is a view over this data.
 *
 * @module
 */
export type * from "./_model.ts";
export type * from "./_report_model.ts";
