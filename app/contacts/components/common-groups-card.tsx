import type { CommonGroup } from '../../../worker/domain/groups/common-groups';
import { Card } from '../../components/ui/card';

export function CommonGroupsCard({ groups }: { groups: CommonGroup[] }) {
  return (
    <Card title="Common groups">
      {groups.length ? (
        <ul className="space-y-1 text-sm">
          {groups.map((g) => (
            <li key={g.id} className="flex justify-between gap-2">
              <span className="truncate">{g.title}</span>
              <span className="shrink-0 text-xs capitalize text-slate-500">
                {g.channel}
                {g.member_count ? ` · ${g.member_count}` : ''}
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-slate-500">No shared groups found. Connect Telegram to see the groups you share.</p>
      )}
    </Card>
  );
}
