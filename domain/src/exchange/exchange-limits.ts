/**
 * The largest request the API takes for an import or an export (a Stride export's JSON, a Todoist CSV in
 * its JSON body): 20 MB. The web app checks a chosen file against it before sending it.
 */
export const EXCHANGE_BODY_LIMIT_BYTES = 20 * 1_048_576;
