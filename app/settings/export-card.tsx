import { Download } from '../components/icons';
import { api } from '../api/client';
import { buttonClass } from '../components/ui/button';
import { Card } from '../components/ui/card';

const EXPORTS = [
  {
    href: api.backup.$path(),
    label: 'Full backup',
    hint: 'everything, to restore into another account or another Kith (Import → Kith backup)',
  },
  { href: api['export.json'].$path(), label: 'Everything (JSON)', hint: 'contacts, interactions, notes, organizations, tags' },
  { href: api.contacts['export.csv'].$path(), label: 'Contacts (CSV)', hint: 'opens in any spreadsheet; re-imports cleanly' },
  { href: api.contacts['export.vcf'].$path(), label: 'Contacts (vCard)', hint: 'for Apple, Google or Outlook contacts' },
];

export function ExportCard() {
  return (
    <Card title="Your data">
      <p className="text-sm text-slate-600 dark:text-slate-400">Your network is yours. Download it any time.</p>
      <ul className="mt-3 space-y-2">
        {EXPORTS.map((e) => (
          <li key={e.href} className="flex items-center gap-3 text-sm">
            <a href={e.href} download className={buttonClass('secondary')}>
              <Download className="h-4 w-4" /> {e.label}
            </a>
            <span className="text-slate-500">{e.hint}</span>
          </li>
        ))}
      </ul>
    </Card>
  );
}
