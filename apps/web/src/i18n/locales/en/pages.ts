/**
 * The web app's own English texts for the 'pages' area (i18next namespace 'pages'): footer, the public
 * pages (landing, about, services, contact, help, legal, open data, developers), login and signup, and
 * the assistant panel's parts that are not the spec's ASSISTANT_TEXTS. Interpolation: {{name}}; plurals:
 * key_one / key_other. Texts with <tags> are rendered with <Trans>, the tags naming the link or
 * emphasis they wrap.
 */
export const pages = {
  footer: {
    tagline: 'Connecting citizens with local authorities to build smarter, more responsive cities.',
    socialLinks: 'Social links',
    opensInNewTab: '{{name}} (opens in a new tab)',
    quickLinksNav: 'Quick links',
    quickLinks: 'Quick Links',
    servicesNav: 'Services',
    services: 'Services',
    contactUs: 'Contact Us',
    email: 'Email:',
    phone: 'Phone:',
    copyright: '© {{year}} CivicPulse. All rights reserved.',
    links: {
      about: 'About Us',
      services: 'Services',
      contact: 'Contact',
      policy: 'Privacy Policy',
      terms: 'Terms & Conditions',
      report: 'Report an Issue',
      track: 'Track Complaints',
      updates: 'Community Updates',
      forum: 'Discussion Forum',
      help: 'Help Center',
    },
  },
  landing: {
    eyebrow: 'Civic issue reporting for India',
    heading: 'Report it. Track it. See it fixed.',
    intro:
      'CivicPulse connects citizens with local authorities to build smarter, more responsive cities. Report a local problem with photos and a map pin, rally your neighbours behind it, and follow it until the department fixes it.',
    getStarted: 'Get Started',
    meetDevelopers: 'Meet the Developers',
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
  about: {
    pageTitle: 'About Us',
    eyebrow: 'About us',
    title: 'Civic problems deserve visible answers',
    intro: 'CivicPulse connects citizens with local authorities to build smarter, more responsive cities.',
    whyHeading: 'Why we built CivicPulse',
    why1: 'Broken streetlights, potholes, overflowing drains and uncollected garbage are problems every Indian city knows. Most of them are reported many times — in phone calls, letters and social media posts — and still nobody can tell whether anyone is working on them. Citizens lose faith; departments lose track.',
    why2: 'CivicPulse puts every report in one shared, public place. Each issue has photos, a pin on the map and a priority. Neighbours add their votes and comments. A government department takes the issue over and moves it through visible stages until the citizen who reported it confirms the fix.',
    believeHeading: 'What we believe',
    believe: {
      transparency: '<strong>Transparency</strong> — everyone can see what was reported and how far the work has come.',
      accountability: '<strong>Accountability</strong> — an issue is resolved only when the person who reported it agrees.',
      participation: '<strong>Participation</strong> — the community decides what matters most by voting and discussing.',
      privacy: '<strong>Privacy</strong> — we collect only what a report needs and strip hidden data from photos.',
    },
    involvedHeading: 'Get involved',
    involved: 'Create a free account to report your first issue, or register your department to start resolving them.',
    createAccount: 'Create an account',
    contactUs: 'Contact us',
    forHeading: 'Who CivicPulse is for',
    audiences: {
      citizens: {
        title: 'Citizens',
        body: 'Report problems with photos and an exact location, vote on the issues that matter to you, join the conversation, and confirm when the work is really done.',
      },
      departments: {
        title: 'Government departments',
        body: 'See unassigned reports in one place, take them over, move them through clear progress stages and submit proof of the finished work.',
      },
      admins: {
        title: 'Administrators',
        body: 'Keep the platform trustworthy: verify government accounts, and remove abusive posts, comments and accounts.',
      },
    },
  },
  services: {
    pageTitle: 'Services',
    eyebrow: 'Services',
    title: 'Everything you need to get local problems fixed',
    intro:
      'From the first photo to the final verification, CivicPulse supports every step between a citizen and their local authority.',
    items: {
      reporting: {
        title: 'Issue Reporting',
        body: 'Report a civic problem with a caption, photos, the address and a priority. Reports go straight to the departments that can act on them.',
      },
      tracking: {
        title: 'Live Status Tracking',
        body: 'Follow each issue through its progress stages — from problem seen to work completed — and verify the result yourself.',
      },
      geo: {
        title: 'Geo-Tagging Support',
        body: 'Drop a pin on the map or let your device locate you, so the exact spot of every problem is recorded with its coordinates.',
      },
      api: {
        title: 'Government API Integration',
        body: 'Departments work from the same data through a documented API, so reports can flow into the systems they already use.',
      },
      voting: {
        title: 'Community Voting',
        body: 'Upvote the issues that affect you and downvote the ones that do not. Votes show departments where to act first.',
      },
      sharing: {
        title: 'Awareness Sharing',
        body: 'Share any issue with one tap to your favourite apps and bring more neighbours into the conversation.',
      },
    },
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
  developers: {
    pageTitle: 'Meet the Developers',
    eyebrow: 'Developers',
    title: 'Meet the Developers',
    intro: 'The people who design, build and run CivicPulse.',
    teamName: 'CivicPulse Team',
    teamRole: 'Full-stack development',
    teamBody:
      'We build the web app, the API and the tools that help citizens and government departments work on the same problems together — with privacy, accessibility and speed in mind.',
    emailTeam: 'Email the team',
    contactForm: 'Contact form',
  },
  help: {
    pageTitle: 'Help Center',
    eyebrow: 'Help Center',
    title: 'How can we help?',
    intro: 'Answers to the questions citizens and departments ask most often.',
    faq: {
      whatIs: {
        q: 'What is CivicPulse?',
        a: 'CivicPulse is a platform where citizens report local problems such as potholes, broken streetlights or garbage, neighbours vote and comment on them, and government departments take them over and carry them to a verified resolution.',
      },
      report: {
        q: 'How do I report an issue?',
        a: '<signup>Create a citizen account</signup>, log in and open <strong>Create Issue</strong> from your dashboard. Add a caption, at least one photo, the state, a landmark, the address and pincode, pick the spot on the map and choose a priority.',
      },
      track: {
        q: 'Can I track my complaint?',
        a: 'Yes. <strong>My Issues</strong> in your dashboard lists everything you reported with its status and progress stage. When the department uploads proof of the finished work, you confirm it and the issue is marked resolved.',
      },
      reviews: {
        q: 'Who reviews submitted complaints?',
        a: 'Verified government departments see every report that nobody has taken over yet. A department takes a report over and moves it step by step: problem seen, verified, work started, work near completion, waiting for your verification, finished.',
      },
      profile: {
        q: 'How do I edit my profile?',
        a: 'Open the avatar menu at the top right and choose Profile Settings, or open Profile in your dashboard. You can change your photo, contact details, address and bio; your email address stays fixed.',
      },
      department: {
        q: 'How does my department join?',
        a: 'Choose <strong>Government</strong> on the <signup>signup page</signup> and upload a proof document (an image or a PDF). An administrator verifies the account before it can take reports over.',
      },
      login: {
        q: 'I forgot my password or cannot log in.',
        a: 'Check that you picked the right role tab (User, Government or Admin) on the login page. If you still cannot get in, <contact>contact us</contact> from the email address of your account.',
      },
    },
    stillStuck: 'Still stuck? <contact>Send us a message</contact>.',
    notFoundTitle: 'Page Not Found',
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
    phoneHint: '10 digits',
    city: 'City',
    proofDocument: 'Proof Document',
    proofSelected: 'Selected: <name>{{name}}</name>',
    proofHint: 'An image or a PDF proving your department (at most 5 MB).',
    registering: 'Registering...',
    signUp: 'Sign Up',
    haveAccount: 'Already have an account? <login>Log in</login>',
  },
  openData: {
    eyebrow: 'Services',
    intro: 'Every report on CivicPulse, anonymised, for researchers, journalists and city teams.',
    downloadHeading: 'Download',
    downloadHint: 'Choose filters (all optional), then download CSV or GeoJSON.',
    state: 'State',
    allStates: 'All states',
    city: 'City',
    category: 'Category',
    allCategories: 'All categories',
    from: 'Reported from',
    to: 'Reported to',
    downloadCsv: 'Download CSV',
    downloadGeoJson: 'Download GeoJSON',
    fieldsHeading: 'What the files hold',
    fieldsBody:
      'One row (or GeoJSON feature) per report, newest first. No reporter names, emails or account ids, no addresses or landmarks, no comment text. While a report is open its location is rounded to about 100 m; once the fix is confirmed it is exact.',
    columnsCaption: 'Columns of the export',
    column: 'Column',
    meaning: 'Meaning',
    columns: {
      id: 'The report id (the same as Open311 service_request_id)',
      created_at: 'When it was reported (ISO 8601, UTC)',
      category: 'Category code (roads, garbage, streetlights, ...)',
      category_name: 'Category name',
      description: 'The report as written by the reporter',
      priority: 'Low, Medium, High or Critical',
      status: 'open, or closed once the reporter confirmed the fix',
      progress: 'The workflow state (Unseen ... Finished)',
      state: 'Indian state or union territory',
      city: 'City or town (blank when the reporter gave none)',
      pincode: 'Pincode',
      lat: 'Latitude: rounded to 3 decimals (about 100 m) while the report is open',
      lng: 'Longitude: rounded the same way',
      department: 'The department that took the report over (blank while unassigned)',
      upvotes: 'Upvotes',
      downvotes: 'Downvotes',
      comments: 'Number of comments (their text is not exported)',
      resolved_at: 'When the fix was confirmed (blank while open)',
    },
    licenceHeading: 'Licence and use',
    licenceBody:
      'Released under the {{licence}}: share and adapt it, credit “CivicPulse contributors”, and keep derived databases open. Files are cached for up to 5 minutes. City systems can also read and file reports through Open311 GeoReport v2 at <code>/open311/v2/discovery.json</code>.',
  },
  policy: {
    pageTitle: 'Privacy Policy',
    eyebrow: 'Legal',
    title: 'Privacy Policy',
    updated: 'Last updated: September 2025',
    intro:
      'This policy explains what information CivicPulse collects, why we collect it and the choices you have. We collect only what the service needs to connect citizens with the departments that can fix local problems.',
    collectHeading: 'Information we collect',
    collect: {
      account:
        '<strong>Account details</strong>: your name, email address and a password, which we store only as a salted hash. Government accounts also give a department name, phone number, city and a proof document.',
      reports:
        '<strong>Reports</strong>: captions, photos, the state, landmark, address, pincode and map coordinates of the issues you post, with their priority.',
      participation: '<strong>Participation</strong>: your votes, comments, replies and community chat messages.',
      profile: '<strong>Profile details</strong> you choose to add, such as a photo, phone number, city or short bio.',
    },
    useHeading: 'How we use it',
    use: {
      show: 'To show your reports to other signed-in users and to the government departments that handle them.',
      contact: 'To let departments contact the right place and track their work to completion.',
      safety: 'To keep the service safe: verifying government accounts, preventing abuse and limiting repeated attempts.',
      answer: 'To answer messages you send us through the contact form.',
    },
    noSale: 'We do not sell your personal information and we do not show advertising.',
    photosHeading: 'Photos and location',
    photos:
      'Uploaded photos are re-encoded before they are stored, which removes hidden metadata such as the camera model or the GPS position embedded by your phone. The location of a report is only the point you choose on the map.',
    visibleHeading: 'What others can see',
    visible:
      'Reports, votes, comments and your public profile are visible to other signed-in users. Government proof documents are visible only to the department that uploaded them and to administrators.',
    storageHeading: 'Storage on your device',
    storage:
      'When you sign in, your browser keeps a session token in its local storage so you stay signed in. Logging out removes it. We use no advertising or tracking cookies.',
    rightsHeading: 'Retention and your rights',
    rights:
      'You can edit your profile and delete your own posts, comments and replies at any time. To delete your account or to get a copy of your data, write to us and we will respond within 30 days, as provided by the Digital Personal Data Protection Act, 2023 and other applicable laws of India.',
    changesHeading: 'Changes to this policy',
    changes: 'If we change this policy we will update the date above and, for significant changes, tell you in the app.',
    contactHeading: 'Contact',
    contact: 'Questions about privacy? Email <email>{{email}}</email>.',
  },
  terms: {
    pageTitle: 'Terms and Conditions',
    eyebrow: 'Legal',
    title: 'Terms and Conditions',
    intro: 'Please read these terms before using CivicPulse.',
    acceptanceHeading: '1. Acceptance',
    acceptance:
      'By creating an account or using CivicPulse you agree to these terms. If you do not agree, please do not use the service.',
    accountsHeading: '2. Accounts',
    accounts: {
      accurate: 'You must give accurate information and keep your password secret.',
      government:
        'Government accounts must belong to a real public authority and provide a genuine proof document; an administrator verifies them before they act on reports.',
      responsible: 'You are responsible for everything done with your account.',
    },
    postingHeading: '3. What you may post',
    posting: {
      genuine: 'Report genuine civic issues, with photos you took or have the right to share.',
      forbidden:
        "Do not post false reports, personal attacks, hate speech, other people's private information, or anything unlawful.",
      ownership: 'You keep ownership of your content and allow CivicPulse to display it to run the service.',
    },
    moderationHeading: '4. Moderation',
    moderation:
      'Administrators may remove posts, comments or accounts that break these terms, and may suspend accounts that misuse the service.',
    resolutionHeading: '5. No guarantee of resolution',
    resolution:
      'CivicPulse connects citizens with authorities but does not itself repair anything. How and when an issue is resolved is the responsibility of the department concerned. For emergencies, always call 112.',
    liabilityHeading: '6. Limitation of liability',
    liability:
      'The service is provided "as is". To the extent permitted by law, CivicPulse is not liable for indirect losses arising from its use.',
    lawHeading: '7. Governing law',
    law: 'These terms are governed by the laws of India. Any dispute is subject to the exclusive jurisdiction of the courts of Bengaluru, Karnataka.',
    contactHeading: '8. Contact',
    contact: 'Questions about these terms? Email <email>{{email}}</email>.',
  },
} as const;
