import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import { CreateChatMessageBody } from './chat.dto';
import { MESSAGE_VARIANTS, messagePayloadProblem, messagePreview } from './message-payload';

const ALL_TYPES = 'text, markdown, image, audio, video, file, location, card, carousel, choice, dropdown, bloc';
const BLOC_TYPES = 'text, markdown, image, audio, video, file, location';
const ACTIONS = 'postback, url, say';

const card = (overrides: Record<string, unknown> = {}) => ({
  type: 'card',
  title: 'A card',
  subtitle: 'Its subtitle',
  imageUrl: 'https://example.com/card.png',
  actions: [
    { action: 'postback', label: 'Buy', value: 'buy' },
    { action: 'url', label: 'Open', value: 'https://example.com' },
    { action: 'say', label: 'Hello', value: 'hello' },
  ],
  ...overrides,
});

/** One valid payload of every variant, with every optional field. */
const VALID: Record<string, Record<string, unknown>> = {
  text: { type: 'text', text: 'Hello' },
  markdown: { type: 'markdown', markdown: '**Hello**' },
  image: { type: 'image', imageUrl: 'https://example.com/a.png' },
  audio: { type: 'audio', audioUrl: 'https://example.com/a.mp3' },
  video: { type: 'video', videoUrl: 'https://example.com/a.mp4' },
  file: { type: 'file', fileUrl: 'https://example.com/a.pdf', title: 'A file' },
  location: { type: 'location', latitude: 45.5017, longitude: -73.5673, address: '1 Main St', title: 'Office' },
  card: card(),
  carousel: { type: 'carousel', items: [card(), card({ title: 'Second' })] },
  choice: {
    type: 'choice',
    text: 'Pick one',
    options: [
      { label: 'Yes', value: 'yes' },
      { label: 'No', value: 'no' },
    ],
  },
  dropdown: { type: 'dropdown', text: 'Pick one', options: [{ label: 'Red', value: 'red' }] },
  bloc: {
    type: 'bloc',
    items: [
      { type: 'text', text: 'Hello' },
      { type: 'markdown', markdown: '*hi*' },
      { type: 'image', imageUrl: 'https://example.com/a.png' },
      { type: 'audio', audioUrl: 'https://example.com/a.mp3' },
      { type: 'video', videoUrl: 'https://example.com/a.mp4' },
      { type: 'file', fileUrl: 'https://example.com/a.pdf' },
      { type: 'location', latitude: 0, longitude: 0 },
    ],
  },
};

/** The smallest valid payload of every variant: required fields only. */
const MINIMAL: Record<string, Record<string, unknown>> = {
  text: { type: 'text', text: '' },
  markdown: { type: 'markdown', markdown: '' },
  image: { type: 'image', imageUrl: 'x' },
  audio: { type: 'audio', audioUrl: 'x' },
  video: { type: 'video', videoUrl: 'x' },
  file: { type: 'file', fileUrl: 'x' },
  location: { type: 'location', latitude: -90, longitude: 180 },
  card: { type: 'card', title: 't', actions: [] },
  carousel: { type: 'carousel', items: [] },
  choice: { type: 'choice', text: 't', options: [] },
  dropdown: { type: 'dropdown', text: 't', options: [] },
  bloc: { type: 'bloc', items: [] },
};

describe('messagePayloadProblem', () => {
  it('knows exactly the twelve variants of @botpress/chat', () => {
    expect(Object.keys(MESSAGE_VARIANTS)).toEqual(ALL_TYPES.split(', '));
    expect(Object.keys(VALID)).toEqual(Object.keys(MESSAGE_VARIANTS));
  });

  describe.each(Object.keys(VALID))('a valid %s payload', (type) => {
    it('is accepted with every field', () => {
      expect(messagePayloadProblem(VALID[type])).toBeUndefined();
    });

    it('is accepted with only its required fields', () => {
      expect(messagePayloadProblem(MINIMAL[type])).toBeUndefined();
    });

    it('is accepted with extra fields, as the client types allow', () => {
      expect(messagePayloadProblem({ ...VALID[type], extra: { anything: [1, 2] } })).toBeUndefined();
    });
  });

  describe('the payload itself', () => {
    it.each([
      ['null', null],
      ['undefined', undefined],
      ['a string', 'hello'],
      ['a number', 42],
      ['an array', [{ type: 'text', text: 'hi' }]],
    ])('is refused when it is %s', (_, payload) => {
      expect(messagePayloadProblem(payload)).toBe('payload must be an object');
    });

    it.each([
      ['missing', {}],
      ['unknown', { type: 'sticker', text: 'hi' }],
      ['not a string', { type: 1 }],
      ['in the wrong case', { type: 'Text', text: 'hi' }],
      ['a prototype property', { type: 'toString' }],
    ])('is refused when its type is %s', (_, payload) => {
      expect(messagePayloadProblem(payload)).toBe(`payload.type must be one of: ${ALL_TYPES}`);
    });
  });

  const cases: Array<[string, Record<string, unknown>, string]> = [
    // text, markdown and media: one required string
    ['text without text', { type: 'text' }, 'payload.text is required for a text message'],
    ['text with a number', { type: 'text', text: 42 }, 'payload.text must be a string'],
    ['text with null', { type: 'text', text: null }, 'payload.text must be a string'],
    ['markdown without markdown', { type: 'markdown', text: 'hi' }, 'payload.markdown is required for a markdown message'],
    ['markdown with an object', { type: 'markdown', markdown: { text: 'hi' } }, 'payload.markdown must be a string'],
    ['image without imageUrl', { type: 'image', url: 'x' }, 'payload.imageUrl is required for an image message'],
    ['image with a boolean', { type: 'image', imageUrl: true }, 'payload.imageUrl must be a string'],
    ['audio without audioUrl', { type: 'audio' }, 'payload.audioUrl is required for an audio message'],
    ['audio with an array', { type: 'audio', audioUrl: ['x'] }, 'payload.audioUrl must be a string'],
    ['video without videoUrl', { type: 'video' }, 'payload.videoUrl is required for a video message'],
    ['video with a number', { type: 'video', videoUrl: 1 }, 'payload.videoUrl must be a string'],
    // file
    ['file without fileUrl', { type: 'file', title: 'x' }, 'payload.fileUrl is required for a file message'],
    ['file with a numeric fileUrl', { type: 'file', fileUrl: 3 }, 'payload.fileUrl must be a string'],
    ['file with a numeric title', { type: 'file', fileUrl: 'x', title: 3 }, 'payload.title must be a string'],
    // location
    ['location without latitude', { type: 'location', longitude: 1 }, 'payload.latitude is required for a location message'],
    ['location without longitude', { type: 'location', latitude: 1 }, 'payload.longitude is required for a location message'],
    ['location with a string latitude', { type: 'location', latitude: '45.5', longitude: 1 }, 'payload.latitude must be a number'],
    ['location with a NaN longitude', { type: 'location', latitude: 1, longitude: NaN }, 'payload.longitude must be a number'],
    ['location with an infinite latitude', { type: 'location', latitude: Infinity, longitude: 1 }, 'payload.latitude must be a number'],
    ['location with a numeric address', { type: 'location', latitude: 1, longitude: 1, address: 5 }, 'payload.address must be a string'],
    ['location with a null title', { type: 'location', latitude: 1, longitude: 1, title: null }, 'payload.title must be a string'],
    // card
    ['card without title', card({ title: undefined }), 'payload.title is required for a card message'],
    ['card with a numeric title', card({ title: 1 }), 'payload.title must be a string'],
    ['card without actions', card({ actions: undefined }), 'payload.actions is required for a card message'],
    ['card with actions not an array', card({ actions: { action: 'url' } }), 'payload.actions must be an array'],
    ['card with an action not an object', card({ actions: ['postback'] }), 'payload.actions[0] must be an object'],
    [
      'card with an unknown action',
      card({
        actions: [
          { action: 'postback', label: 'a', value: 'a' },
          { action: 'call', label: 'b', value: 'b' },
        ],
      }),
      `payload.actions[1].action must be one of: ${ACTIONS}`,
    ],
    ['card with an action missing its action', card({ actions: [{ label: 'a', value: 'a' }] }), `payload.actions[0].action must be one of: ${ACTIONS}`],
    ['card with an action missing its label', card({ actions: [{ action: 'url', value: 'a' }] }), 'payload.actions[0].label must be a string'],
    ['card with an action with a numeric value', card({ actions: [{ action: 'say', label: 'a', value: 1 }] }), 'payload.actions[0].value must be a string'],
    ['card with a numeric subtitle', card({ subtitle: 1 }), 'payload.subtitle must be a string'],
    ['card with a numeric imageUrl', card({ imageUrl: 1 }), 'payload.imageUrl must be a string'],
    // carousel
    ['carousel without items', { type: 'carousel' }, 'payload.items is required for a carousel message'],
    ['carousel with items not an array', { type: 'carousel', items: card() }, 'payload.items must be an array'],
    ['carousel with an item not an object', { type: 'carousel', items: [card(), 'card'] }, 'payload.items[1] must be an object'],
    ['carousel with an item not a card', { type: 'carousel', items: [{ type: 'text', text: 'hi' }] }, 'payload.items[0].type must be one of: card'],
    ['carousel with a carousel item', { type: 'carousel', items: [{ type: 'carousel', items: [] }] }, 'payload.items[0].type must be one of: card'],
    [
      'carousel with a card missing its title',
      { type: 'carousel', items: [card(), card({ title: undefined })] },
      'payload.items[1].title is required for a card message',
    ],
    [
      'carousel with a card with a bad action',
      { type: 'carousel', items: [card({ actions: [{ action: 'url', label: 2, value: 'x' }] })] },
      'payload.items[0].actions[0].label must be a string',
    ],
    // choice and dropdown
    ['choice without text', { type: 'choice', options: [] }, 'payload.text is required for a choice message'],
    ['choice without options', { type: 'choice', text: 'x' }, 'payload.options is required for a choice message'],
    ['choice with options not an array', { type: 'choice', text: 'x', options: 'yes,no' }, 'payload.options must be an array'],
    ['choice with an option not an object', { type: 'choice', text: 'x', options: [null] }, 'payload.options[0] must be an object'],
    [
      'choice with an option missing its label',
      { type: 'choice', text: 'x', options: [{ label: 'a', value: 'a' }, { value: 'b' }] },
      'payload.options[1].label must be a string',
    ],
    [
      'choice with an option with a numeric value',
      { type: 'choice', text: 'x', options: [{ label: 'a', value: 1 }] },
      'payload.options[0].value must be a string',
    ],
    ['dropdown without text', { type: 'dropdown', options: [] }, 'payload.text is required for a dropdown message'],
    ['dropdown with a numeric text', { type: 'dropdown', text: 1, options: [] }, 'payload.text must be a string'],
    ['dropdown without options', { type: 'dropdown', text: 'x' }, 'payload.options is required for a dropdown message'],
    ['dropdown with an option missing its value', { type: 'dropdown', text: 'x', options: [{ label: 'a' }] }, 'payload.options[0].value must be a string'],
    // bloc
    ['bloc without items', { type: 'bloc' }, 'payload.items is required for a bloc message'],
    ['bloc with items not an array', { type: 'bloc', items: {} }, 'payload.items must be an array'],
    ['bloc with an item not an object', { type: 'bloc', items: [42] }, 'payload.items[0] must be an object'],
    ['bloc with a card item', { type: 'bloc', items: [{ type: 'text', text: 'a' }, card()] }, `payload.items[1].type must be one of: ${BLOC_TYPES}`],
    ['bloc with a bloc item', { type: 'bloc', items: [{ type: 'bloc', items: [] }] }, `payload.items[0].type must be one of: ${BLOC_TYPES}`],
    ['bloc with a choice item', { type: 'bloc', items: [{ type: 'choice', text: 'x', options: [] }] }, `payload.items[0].type must be one of: ${BLOC_TYPES}`],
    ['bloc with an item of no type', { type: 'bloc', items: [{ text: 'a' }] }, `payload.items[0].type must be one of: ${BLOC_TYPES}`],
    ['bloc with an invalid text item', { type: 'bloc', items: [{ type: 'text', text: 1 }] }, 'payload.items[0].text must be a string'],
    [
      'bloc with an image item missing its url',
      { type: 'bloc', items: [{ type: 'text', text: 'a' }, { type: 'image' }] },
      'payload.items[1].imageUrl is required for an image message',
    ],
    [
      'bloc with an invalid location item',
      { type: 'bloc', items: [{ type: 'location', latitude: 'north', longitude: 0 }] },
      'payload.items[0].latitude must be a number',
    ],
  ];

  it.each(cases)('refuses %s', (_, payload, problem) => {
    expect(messagePayloadProblem(payload)).toBe(problem);
  });

  it('covers every variant with at least two invalid forms', () => {
    for (const type of Object.keys(MESSAGE_VARIANTS)) {
      expect(cases.filter(([, payload]) => payload.type === type).length).toBeGreaterThanOrEqual(2);
    }
  });

  it('reports the first problem found, in field order', () => {
    expect(messagePayloadProblem({ type: 'location' })).toBe('payload.latitude is required for a location message');
    expect(messagePayloadProblem({ type: 'card', title: 1 })).toBe('payload.title must be a string');
  });

  it('names the path it is given', () => {
    expect(messagePayloadProblem({ type: 'text' }, 'body.payload')).toBe('body.payload.text is required for a text message');
  });
});

describe('@IsMessagePayload on CreateChatMessageBody', () => {
  const errorsOf = async (payload: unknown) => {
    const body = plainToInstance(CreateChatMessageBody, { conversationId: 'conv_1', payload });
    return validate(body);
  };

  it('accepts every valid variant', async () => {
    for (const payload of Object.values(VALID)) expect(await errorsOf(payload)).toEqual([]);
  });

  it('reports the precise problem as the constraint message', async () => {
    const errors = await errorsOf({ type: 'carousel', items: [{ type: 'text', text: 'hi' }] });
    expect(errors).toHaveLength(1);
    expect(errors[0].property).toBe('payload');
    expect(Object.values(errors[0].constraints ?? {})).toEqual(['payload.items[0].type must be one of: card']);
  });

  it('refuses a missing payload', async () => {
    const errors = await errorsOf(undefined);
    expect(Object.values(errors[0].constraints ?? {})).toEqual(['payload must be an object']);
  });
});

describe('messagePreview', () => {
  it.each([
    ['text', 'Hello'],
    ['markdown', '**Hello**'],
    ['choice', 'Pick one'],
    ['dropdown', 'Pick one'],
    ['card', 'A card'],
    ['file', 'A file'],
    ['location', 'Office'],
    ['image', '[image]'],
    ['carousel', '[carousel]'],
    ['bloc', '[bloc]'],
  ])('of the %s variant is %j', (type, preview) => {
    expect(messagePreview(VALID[type])).toBe(preview);
  });

  it('falls back to the url of an untitled file and the address or coordinates of a location', () => {
    expect(messagePreview({ type: 'file', fileUrl: 'https://example.com/a.pdf' })).toBe('https://example.com/a.pdf');
    expect(messagePreview({ type: 'location', latitude: 1, longitude: 2, address: 'Here' })).toBe('Here');
    expect(messagePreview({ type: 'location', latitude: 1.5, longitude: -2 })).toBe('1.5,-2');
  });
});
