import { principalPath } from '../../dav/dav-paths';

// Settings → Sync with your phone: an Apple configuration profile (.mobileconfig) that sets up
// the CardDAV account in one tap (issue 42). Unsigned: iOS shows it as "Not Signed" and installs
// it all the same. It carries the sync password only when the user made one in the same step;
// without one, iOS asks for the password while it installs the profile.

export const APPLE_PROFILE_TYPE = 'application/x-apple-aspen-config';

export interface AppleProfileInput {
  /** The DAV root as the phone reaches it (https://kith.example/dav/). */
  serverUrl: string;
  userId: string;
  email: string;
  /** A sync password made in this very step, or none. */
  password?: string;
}

const xml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const str = (key: string, value: string) => `<key>${key}</key><string>${xml(value)}</string>`;

/** The profile as a property list (XML). New UUIDs each time; the identifiers are the user's, so a second install replaces the first. */
export function appleProfile({ serverUrl, userId, email, password }: AppleProfileInput): string {
  const url = new URL(serverUrl);
  const ssl = url.protocol === 'https:';
  const port = url.port ? Number(url.port) : ssl ? 443 : 80;
  const account = [
    str('PayloadType', 'com.apple.carddav.account'),
    '<key>PayloadVersion</key><integer>1</integer>',
    str('PayloadIdentifier', `app.kith.carddav.${userId}.account`),
    str('PayloadUUID', crypto.randomUUID().toUpperCase()),
    str('PayloadDisplayName', 'Kith contacts'),
    str('PayloadDescription', 'Your Kith contacts in the Contacts app, kept in step both ways.'),
    str('CardDAVAccountDescription', 'Kith'),
    str('CardDAVHostName', url.hostname),
    `<key>CardDAVPort</key><integer>${port}</integer>`,
    str('CardDAVPrincipalURL', principalPath(userId)),
    `<key>CardDAVUseSSL</key>${ssl ? '<true/>' : '<false/>'}`,
    str('CardDAVUsername', email),
    ...(password ? [str('CardDAVPassword', password)] : []),
  ];
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">',
    '<plist version="1.0"><dict>',
    `<key>PayloadContent</key><array><dict>${account.join('')}</dict></array>`,
    str('PayloadType', 'Configuration'),
    '<key>PayloadVersion</key><integer>1</integer>',
    str('PayloadIdentifier', `app.kith.carddav.${userId}`),
    str('PayloadUUID', crypto.randomUUID().toUpperCase()),
    str('PayloadDisplayName', 'Kith contacts (CardDAV)'),
    str('PayloadDescription', `Adds the Kith address book of ${email} to Contacts.`),
    str('PayloadOrganization', 'Kith'),
    '<key>PayloadRemovalDisallowed</key><false/>',
    '</dict></plist>',
    '',
  ].join('\n');
}

/** The profile as a download. */
export function appleProfileResponse(profile: string): Response {
  return new Response(profile, {
    headers: {
      'content-type': APPLE_PROFILE_TYPE,
      'content-disposition': 'attachment; filename="Kith.mobileconfig"',
      'cache-control': 'no-store',
    },
  });
}
