import { forwardRef, type SVGProps } from 'react';
import spriteUrl from './icons.svg?url';

/**
 * Lucide's icons, drawn from one sprite file (icons.svg, `npm run icons` writes it from
 * lucide-react) instead of inline paths: a contact page carried ~100 icons, 42 KB of its
 * 112 KB of HTML, each rendered element by element on the server. An icon is now an <svg>
 * with one <use>; the sprite's symbols carry lucide's drawing attributes, so it looks the same.
 */
export type IconComponent = ReturnType<typeof spriteIcon>;

/** Like lucide: hidden from assistive technology unless the icon is given a label or role. */
const labelled = (props: object) => Object.keys(props).some((key) => key.startsWith('aria-') || key === 'role' || key === 'title');

function spriteIcon(id: string) {
  const SpriteIcon = forwardRef<SVGSVGElement, SVGProps<SVGSVGElement>>(({ className, ...props }, ref) => (
    <svg
      ref={ref}
      width={24}
      height={24}
      className={`lucide lucide-${id}${className ? ` ${className}` : ''}`}
      aria-hidden={labelled(props) ? undefined : true}
      {...props}
    >
      <use href={`${spriteUrl}#${id}`} />
    </svg>
  ));
  SpriteIcon.displayName = id;
  return Object.assign(SpriteIcon, { spriteId: id });
}

export const AlarmClock = spriteIcon('alarm-clock');
export const AlertTriangle = spriteIcon('alert-triangle');
export const Archive = spriteIcon('archive');
export const ArrowDownLeft = spriteIcon('arrow-down-left');
export const ArrowUpRight = spriteIcon('arrow-up-right');
export const AtSign = spriteIcon('at-sign');
export const BellPlus = spriteIcon('bell-plus');
export const BellRing = spriteIcon('bell-ring');
export const Bookmark = spriteIcon('bookmark');
export const BookmarkPlus = spriteIcon('bookmark-plus');
export const BriefcaseBusiness = spriteIcon('briefcase-business');
export const Building2 = spriteIcon('building-2');
export const Cake = spriteIcon('cake');
export const CalendarClock = spriteIcon('calendar-clock');
export const CalendarDays = spriteIcon('calendar-days');
export const CalendarHeart = spriteIcon('calendar-heart');
export const CalendarPlus = spriteIcon('calendar-plus');
export const Check = spriteIcon('check');
export const CheckCheck = spriteIcon('check-check');
export const CheckCircle2 = spriteIcon('check-circle-2');
export const ChevronDown = spriteIcon('chevron-down');
export const ChevronLeft = spriteIcon('chevron-left');
export const ChevronRight = spriteIcon('chevron-right');
export const CircleAlert = spriteIcon('circle-alert');
export const CircleCheck = spriteIcon('circle-check');
export const Clock = spriteIcon('clock');
export const Coffee = spriteIcon('coffee');
export const Contact = spriteIcon('contact');
export const Copy = spriteIcon('copy');
export const Download = spriteIcon('download');
export const FileText = spriteIcon('file-text');
export const FileUp = spriteIcon('file-up');
export const Flag = spriteIcon('flag');
export const History = spriteIcon('history');
export const Hourglass = spriteIcon('hourglass');
export const House = spriteIcon('house');
export const KeyRound = spriteIcon('key-round');
export const Loader = spriteIcon('loader');
export const Loader2 = spriteIcon('loader-2');
export const Lock = spriteIcon('lock');
export const LogOut = spriteIcon('log-out');
export const Mail = spriteIcon('mail');
export const Map = spriteIcon('map');
export const MapPin = spriteIcon('map-pin');
export const Menu = spriteIcon('menu');
export const Merge = spriteIcon('merge');
export const MessageCircle = spriteIcon('message-circle');
export const MessageSquarePlus = spriteIcon('message-square-plus');
export const MoreHorizontal = spriteIcon('more-horizontal');
export const Pencil = spriteIcon('pencil');
export const Phone = spriteIcon('phone');
export const Plus = spriteIcon('plus');
export const RefreshCw = spriteIcon('refresh-cw');
export const Repeat = spriteIcon('repeat');
export const Search = spriteIcon('search');
export const Send = spriteIcon('send');
export const Settings = spriteIcon('settings');
export const ShieldCheck = spriteIcon('shield-check');
export const SlidersHorizontal = spriteIcon('sliders-horizontal');
export const Snowflake = spriteIcon('snowflake');
export const Sparkles = spriteIcon('sparkles');
export const StickyNote = spriteIcon('sticky-note');
export const Tag = spriteIcon('tag');
export const Tags = spriteIcon('tags');
export const Trash2 = spriteIcon('trash-2');
export const Upload = spriteIcon('upload');
export const User = spriteIcon('user');
export const UserMinus = spriteIcon('user-minus');
export const UserRoundPen = spriteIcon('user-round-pen');
export const Users = spriteIcon('users');
export const WandSparkles = spriteIcon('wand-sparkles');
export const X = spriteIcon('x');
export const XCircle = spriteIcon('x-circle');
