/**
 * The numeric settings and the bounds the manifest declares for them. VS Code shows a warning for a value out
 * of bounds but still hands it to the extension, and a workspace's `.vscode/settings.json` can set these, so
 * every value is clamped here before it reaches a timer. Pure: no `vscode`, tested in plain Node against the
 * manifest.
 */

export interface SettingBounds {
  readonly minimum: number;
  readonly maximum: number;
  readonly fallback: number;
  readonly integer: boolean;
}

/** Keyed by the name under the `countersign` section; each entry matches package.json's declaration. */
export const NUMERIC_SETTINGS = {
  'activities.pageSize': { minimum: 1, maximum: 100, fallback: 25, integer: true },
  'activities.pollIntervalSeconds': { minimum: 1, maximum: 60, fallback: 2, integer: false },
  requestTimeoutSeconds: { minimum: 1, maximum: 300, fallback: 30, integer: false },
} as const satisfies Record<string, SettingBounds>;

export type NumericSetting = keyof typeof NUMERIC_SETTINGS;

/** The settings a workspace must not set while it is untrusted: the ones that drive timers and polling. */
export const WORKSPACE_RESTRICTED_SETTINGS: readonly NumericSetting[] = [
  'requestTimeoutSeconds',
  'activities.pollIntervalSeconds',
];

/** The value to use for `name`: the fallback when it is not a finite number, else the value within bounds. */
export function clampSetting(name: NumericSetting, value: unknown): number {
  const bounds: SettingBounds = NUMERIC_SETTINGS[name];
  if (typeof value !== 'number' || !Number.isFinite(value)) return bounds.fallback;
  const within = Math.min(bounds.maximum, Math.max(bounds.minimum, value));
  return bounds.integer ? Math.floor(within) : within;
}
