// What each scope an app may ask for lets it do, in the consent page's words (authserver.ConsentForm), for the
// developer console and the connected apps in settings.
export const SCOPE_WORDS = {
  openid: 'Know who you are on Roost',
  profile: 'See your name and username',
  email: 'See your email address',
  'users:read': "See people's profiles",
  'posts:read': 'Read posts',
  'posts:write': 'Write, change and delete your posts',
  'followers:write': 'Follow and unfollow people for you',
  'notifications:read': 'See your notifications and mark them read',
};

export const scopeWords = (scope) => SCOPE_WORDS[scope] || scope;
