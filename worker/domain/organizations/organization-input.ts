import { z } from 'zod';
import { multiLineText, singleLineText } from '../text-input';
import { webUrlSchema } from '../web-url';
import { ORGANIZATION_LIMITS as LIMITS } from './organization-limits';

// The logo Kith stored itself (organization-logo.ts) is a path of our own API.
const OWN_LOGO = /^\/api\/v1\/organizations\/[\w-]+\/logo(\?v=[\w-]+)?$/;

/** An organization's editable fields, as the API and the organization page read them. */
export const organizationFields = {
  name: singleLineText(LIMITS.name).trim().min(1, 'is required'),
  website: webUrlSchema(LIMITS.website).nullable(),
  industry: singleLineText(LIMITS.industry).nullable(),
  location: singleLineText(LIMITS.location).nullable(),
  logo_url: webUrlSchema(LIMITS.logoUrl, OWN_LOGO).nullable(),
  phone: singleLineText(LIMITS.phone).nullable(),
  email: singleLineText(LIMITS.email).nullable(),
  notes: multiLineText(LIMITS.notes).nullable(),
};

export const organizationCreateSchema = z.object(organizationFields).partial().required({ name: true }).strict();
export const organizationUpdateSchema = z.object(organizationFields).partial().strict();
