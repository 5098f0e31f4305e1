import { singleLineText } from '../text-input';

/** The account holder's name (sign-up, profile). */
export const accountNameSchema = singleLineText(200).trim().min(1, 'is required');

/** A personal access token's label. */
export const tokenNameSchema = singleLineText(100).trim().min(1, 'is required');
