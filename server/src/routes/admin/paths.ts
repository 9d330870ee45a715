/** The administration area's server paths. */
export const adminPaths = {
  users: '/api/admin/users/',
  user: '/api/admin/users/:id/',
  userSignOut: '/api/admin/users/:id/sign-out/',
  audit: '/api/admin/audit/',
  signInSecurity: '/api/admin/sign-in-security/',
} as const;
