/**
 * The web app's own English texts for the 'pages' area (i18next namespace 'pages'): footer, the public
 * pages (landing, about, services, contact, help, legal, open data, developers), login and signup, and
 * the assistant panel's parts that are not the spec's ASSISTANT_TEXTS. Interpolation: {{name}}; plurals:
 * key_one / key_other. Texts with <tags> are rendered with <Trans>, the tags naming the link or
 * emphasis they wrap.
 */
export const pages = {
  landing: {
    eyebrow: 'Civic issue reporting for India',
    heading: 'Report it. Track it. See it fixed.',
    intro:
      'CivicPulse connects citizens with local authorities to build smarter, more responsive cities. Report a local problem with photos and a map pin, rally your neighbours behind it, and follow it until the department fixes it.',
    getStarted: 'Get Started',
    meetDevelopers: 'Meet the Developers',
    /** Addition (public reports): the reports for anyone, without an account. */
    browseReports: 'Browse reports',
    steps: {
      report: 'Report',
      vote: 'Vote',
      resolve: 'Resolve',
    },
    missionHeading: 'Our Mission',
    mission:
      'Give every citizen a simple, transparent way to raise the problems on their street, and give every department a clear, accountable way to solve them.',
    featuresHeading: 'Why CivicPulse',
    features: {
      reporting: {
        title: 'Instant Issue Reporting',
        body: 'Photograph a pothole, a broken streetlight or an overflowing drain and report it in under a minute. Every report carries geo-tagged images and a pin on the map, so nobody has to guess where the problem is.',
      },
      community: {
        title: 'Community-Driven Support',
        body: 'Neighbours upvote the issues that matter to them and discuss them in the comments. The most pressing problems rise to the top, and departments see what the community really needs.',
      },
      tracking: {
        title: 'Real-Time Government Tracking',
        body: 'Departments take over reports and move them through clear progress stages, from problem seen to work completed. You follow every step and confirm the fix yourself.',
      },
    },
    howHeading: 'How It Works',
    how: {
      post: {
        title: 'Post with Precision',
        body: 'Add a caption, photos, the state, a landmark and the exact spot on the map. Set a priority so urgent problems stand out.',
      },
      engage: {
        title: 'Engage Your Community',
        body: 'Others in your city vote and comment on the issue, adding weight and detail that help the right department act sooner.',
      },
      track: {
        title: 'Track Resolution',
        body: 'Watch the department advance the issue step by step. When they upload proof of the finished work, you verify it and the issue is resolved.',
      },
    },
    voicesHeading: 'What People Say',
    voicesNote: 'Illustrative stories of the everyday problems CivicPulse is built to solve.',
    quote: '“{{quote}}”',
    testimonials: {
      ananya: {
        name: 'Ananya Rao',
        place: 'Resident, Bengaluru',
        quote:
          'The streetlight on our lane was out for weeks. I reported it on CivicPulse with a photo and a pin, my neighbours upvoted it, and I could see the electricity department pick it up and mark it done.',
      },
      rahul: {
        name: 'Rahul Mehta',
        place: 'Ward officer, Pune',
        quote:
          'Complaints used to reach us as scattered phone calls. Now every report arrives with photos and an exact location, and the votes tell us which ones to handle first.',
      },
    },
    ctaHeading: 'Ready to make your city better?',
    ctaBody: 'Join the citizens and departments already using CivicPulse to turn complaints into completed work.',
    ctaButton: 'Join CivicPulse Today',
  },
  contact: {
    pageTitle: 'Contact Us',
    eyebrow: 'Contact',
    title: 'We would love to hear from you',
    intro: 'Questions, feedback or a department that wants to join? Send us a message and our team will get back to you.',
    formHeading: 'Send us a message',
    fullName: 'Full Name',
    email: 'Email',
    message: 'Message',
    sending: 'Sending...',
    send: 'Send Message',
    otherWays: 'Other ways to reach us',
    reportNote:
      'To report a civic problem, please use <strong>Report an Issue</strong> after signing in — reports sent through this form are not forwarded to departments.',
  },
  login: {
    pageTitle: 'Login',
    title: 'Welcome Back',
    prompt: 'Select your login role to continue',
    roleTabs: 'Login role',
    roles: {
      user: 'User',
      government: 'Government',
      admin: 'Admin',
    },
    email: 'Email',
    officialEmail: 'Official Email',
    password: 'Password',
    secretKey: 'Secret Key',
    loggingIn: 'Logging in...',
    login: 'Login',
    noAccount: "Don't have an account? <signup>Sign up</signup>",
  },
  signup: {
    pageTitle: 'Sign Up',
    title: 'Create an Account',
    prompt: 'Select your signup type to begin',
    typeTabs: 'Signup type',
    kinds: {
      user: 'User',
      government: 'Government',
    },
    fullName: 'Full Name',
    email: 'Email',
    password: 'Password',
    passwordHint: 'At least {{min}} characters',
    confirmPassword: 'Confirm Password',
    department: 'Department',
    officialEmail: 'Official Email',
    phone: 'Phone',
    phoneHint: 'Mobile or landline with STD code, e.g. 98765 43210 or 020 2550 1000',
    city: 'City',
    proofDocument: 'Proof Document',
    proofSelected: 'Selected: <name>{{name}}</name>',
    proofHint: 'An image or a PDF proving your department (at most 5 MB).',
    registering: 'Registering...',
    signUp: 'Sign Up',
    haveAccount: 'Already have an account? <login>Log in</login>',
  },
} as const;
