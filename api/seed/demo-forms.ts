/**
 * The demo site's forms: a contact form that exercises most field types of
 * the form builder (spec section 3, Form), the newsletter sign-up, and the
 * engraving form a product asks for when it is added to the cart.
 */
import { formFieldId } from './demo-ids.ts';
import type { DemoForm } from './demo-types.ts';

const contactField = (slug: string) => formFieldId('contact', slug);

const CONTACT: DemoForm = {
  slug: 'contact',
  name: 'Contact Us',
  isNewsletter: false,
  fields: [
    { id: contactField('name'), type: 'name', title: 'Name', required: true },
    {
      id: contactField('email'),
      type: 'email',
      title: 'Email Address',
      placeholder: 'you@example.com',
      required: true,
    },
    {
      id: contactField('phone'),
      type: 'phone',
      title: 'Phone',
      description: 'Only if you would rather we called you back.',
      showCountryCode: true,
      required: false,
    },
    {
      id: contactField('topic'),
      type: 'select',
      title: 'What is this about?',
      options: ['An order', 'Wholesale coffee', 'Classes and events', 'Something else'],
      required: true,
    },
    {
      id: contactField('reply-by'),
      type: 'radio',
      title: 'How should we reply?',
      options: ['Email', 'Phone'],
      required: false,
    },
    {
      id: contactField('interests'),
      type: 'checkbox',
      title: 'Tell me more about',
      description: 'Tick any that apply.',
      options: ['Coffee subscriptions', 'Ceramics', 'Home textiles', 'Brewing classes'],
      required: false,
    },
    {
      id: contactField('details'),
      type: 'section',
      title: 'Your message',
      description: 'The more you tell us, the faster we can help.',
      underline: true,
    },
    {
      id: contactField('message'),
      type: 'textarea',
      title: 'Message',
      placeholder: 'Order number, questions, ideas…',
      maxLength: 1000,
      required: true,
    },
    {
      id: contactField('event-date'),
      type: 'date',
      title: 'Date of your event',
      description: 'For private tastings and wholesale deliveries.',
      required: false,
    },
    { id: contactField('best-time'), type: 'time', title: 'Best time to call', required: false },
    {
      id: contactField('website'),
      type: 'website',
      title: 'Your website',
      description: 'For cafés and shops asking about wholesale.',
      placeholder: 'https://',
      required: false,
    },
    {
      id: contactField('feedback'),
      type: 'likert',
      title: 'How are we doing?',
      options: ['The coffee tastes great', 'Orders arrive quickly', 'The shop is easy to use'],
      required: false,
    },
    { id: contactField('source'), type: 'hidden', title: 'source', key: 'source', value: 'contact-page' },
  ],
  submissionMessage: 'Thank you! We read every message ourselves and reply within two business days.',
  submissionHtml:
    '<p>In the meantime, the <a href="/journal">Journal</a> has brewing guides and news from the roastery.</p>',
  successRedirect: null,
  disclaimerMessage:
    'We use your details only to answer this message. We never share them and never add you to a mailing list without asking.',
  captchaEnabled: false,
  captchaTheme: 'light',
  captchaAlignment: 'left',
  storage: { email: { address: 'hello@example.com' } },
};

const NEWSLETTER: DemoForm = {
  slug: 'newsletter',
  name: 'The Fernwood Letter',
  isNewsletter: true,
  fields: [
    { id: formFieldId('newsletter', 'name'), type: 'name', title: 'Name', required: false },
    {
      id: formFieldId('newsletter', 'email'),
      type: 'email',
      title: 'Email Address',
      placeholder: 'you@example.com',
      required: true,
    },
  ],
  submissionMessage: "You're on the list. Look for our letter on the first Friday of the month.",
  submissionHtml: '',
  successRedirect: null,
  disclaimerMessage: 'One letter a month: new roasts, classes and the odd recipe. Unsubscribe anytime.',
  captchaEnabled: false,
  captchaTheme: 'light',
  captchaAlignment: 'center',
  storage: { mailingList: 'fernwood-letter' },
};

const ENGRAVING: DemoForm = {
  slug: 'engraving',
  name: 'Engraving',
  isNewsletter: false,
  fields: [
    {
      id: formFieldId('engraving', 'text'),
      type: 'text',
      title: 'Engraving text',
      description: 'Up to 20 letters, burned into the handle. Leave it blank for no engraving.',
      placeholder: 'e.g. First Pour',
      required: false,
    },
    {
      id: formFieldId('engraving', 'typeface'),
      type: 'radio',
      title: 'Lettering',
      options: ['Serif capitals', 'Handwritten script'],
      required: true,
    },
  ],
  submissionMessage: '',
  submissionHtml: '',
  successRedirect: null,
  disclaimerMessage: 'Engraved scoops are made to order and cannot be returned.',
  captchaEnabled: false,
  captchaTheme: 'light',
  captchaAlignment: 'left',
  storage: {},
};

export const DEMO_FORMS: DemoForm[] = [CONTACT, NEWSLETTER, ENGRAVING];
