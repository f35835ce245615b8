/** The ids of the extension's views, as package.json contributes them. */
export const ACTIVITIES_VIEW_ID = 'countersign.activities';
export const ORGANIZATION_VIEW_ID = 'countersign.organization';
