import { singleLineText } from '../text-input';
import { ACCOUNT_LIMITS } from './account-limits';

/** The account holder's name (sign-up, profile). */
export const accountNameSchema = singleLineText(ACCOUNT_LIMITS.name).trim().min(1, 'is required');

/** A personal access token's label. */
export const tokenNameSchema = singleLineText(ACCOUNT_LIMITS.tokenName).trim().min(1, 'is required');
