/** 'Good evening, Rosa' by the phone's local time; the name is left out when there is none. */
export function greetingFor(date: Date, displayName: string) {
  const hour = date.getHours();
  const part = hour >= 5 && hour < 12 ? 'Good morning' : hour >= 12 && hour < 17 ? 'Good afternoon' : 'Good evening';
  return displayName ? `${part}, ${displayName}` : part;
}
