import { Building2, Contact, House, Map, Settings, Tags, Upload, type IconComponent } from '../components/icons';

export interface NavItem {
  to: string;
  label: string;
  icon: IconComponent;
  /** On a phone's tab bar; the rest sit behind "More". */
  onPhoneBar: boolean;
}

export const NAV_ITEMS: NavItem[] = [
  { to: '/home', label: 'Home', icon: House, onPhoneBar: true },
  { to: '/contacts', label: 'Contacts', icon: Contact, onPhoneBar: true },
  { to: '/organizations', label: 'Organizations', icon: Building2, onPhoneBar: false },
  { to: '/tags', label: 'Tags', icon: Tags, onPhoneBar: false },
  { to: '/map', label: 'Map', icon: Map, onPhoneBar: true },
  { to: '/import', label: 'Import', icon: Upload, onPhoneBar: false },
  { to: '/settings', label: 'Settings', icon: Settings, onPhoneBar: false },
];
