import { z } from 'zod';
import { multiLineText, singleLineText } from '../text-input';
import { webUrlSchema } from '../web-url';

// The logo Kith stored itself (organization-logo.ts) is a path of our own API.
const OWN_LOGO = /^\/api\/v1\/organizations\/[\w-]+\/logo(\?v=[\w-]+)?$/;

/** An organization's editable fields, as the API and the organization page read them. */
export const organizationFields = {
  name: singleLineText(200).trim().min(1, 'is required'),
  website: webUrlSchema(500).nullable(),
  industry: singleLineText(200).nullable(),
  location: singleLineText(200).nullable(),
  logo_url: webUrlSchema(2000, OWN_LOGO).nullable(),
  phone: singleLineText(40).nullable(),
  email: singleLineText(254).nullable(),
  notes: multiLineText(20_000).nullable(),
};

export const organizationCreateSchema = z.object(organizationFields).partial().required({ name: true }).strict();
export const organizationUpdateSchema = z.object(organizationFields).partial().strict();
