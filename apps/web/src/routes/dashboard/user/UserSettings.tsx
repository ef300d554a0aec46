import { SettingsScreen } from '../../../components/profile/SettingsScreen';

export default function UserSettings() {
  return <SettingsScreen />;
}
