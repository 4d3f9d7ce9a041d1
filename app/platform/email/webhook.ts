/** What staff pages and the webhook sender share: the address's limit and the signature's headers (decision 041). */

export const WEBHOOK_URL_MAX_LENGTH = 500;

export const TIMESTAMP_HEADER = "X-Kraf-Timestamp";
export const SIGNATURE_HEADER = "X-Kraf-Signature";
